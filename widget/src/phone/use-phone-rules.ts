import type { PhoneRulesStatus } from './phone-check.ts';
import { useEffect, useState } from 'preact/hooks';
import { loadPhoneRules } from '../first-render/chunks/lazy-chunks.ts';

/** Loaded when the phone dialog mounts, from the congratulations step on: warm before the visitor opens it. */
export function usePhoneRules(): PhoneRulesStatus {
  const [rules, setRules] = useState<PhoneRulesStatus>('loading');
  useEffect(() => {
    let mounted = true;
    loadPhoneRules().then(
      (chunk) => mounted && setRules(chunk.phoneRules),
      (error: unknown) => {
        // The dialog says so and still takes a number typed with + and the country code.
        console.warn('[franchise-ai-demo] phone: the phone number formats could not be loaded.', error);
        if (mounted) setRules('unavailable');
      },
    );
    return () => void (mounted = false);
  }, []);
  return rules;
}
