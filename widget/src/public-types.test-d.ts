import { expectTypeOf } from 'vitest';
import type { FranchiseAiDemoAttributes, WidgetAttribute, WidgetConfig } from './first-render/element/attribute-rules.ts';
import { toPropName, type WidgetProp, type WidgetProps } from './first-render/element/prop-names.ts';
import type { FranchiseAiDemoElement } from './first-render/element/element.ts';

// Type tests, read by `pnpm typecheck` (tsc over src, which `pnpm test` runs) and never run: every
// public type that names the attributes or their props is derived from WIDGET_ATTRIBUTES, or must
// agree with it. A wrong type is a compile error here.

expectTypeOf(toPropName('voice-avoid-eval')).toEqualTypeOf<'voiceAvoidEval'>();
expectTypeOf(toPropName('home-url')).toEqualTypeOf<'homeUrl'>();

expectTypeOf<Pick<FranchiseAiDemoElement, WidgetProp>>().toEqualTypeOf<WidgetProps>();
expectTypeOf<FranchiseAiDemoElement['voiceApiBase']>().toEqualTypeOf<string | undefined>();

// So WidgetProp's names are the ones attribute-rules.test.ts's DEFAULTS (a WidgetConfig) spells out.
expectTypeOf<keyof WidgetConfig>().toEqualTypeOf<WidgetProp>();

expectTypeOf<keyof FranchiseAiDemoAttributes>().toEqualTypeOf<WidgetAttribute>();
expectTypeOf<{ 'webhook-base': string; 'business-type': 'franchisee'; 'voice-avoid-eval': true }>().toExtend<FranchiseAiDemoAttributes>();
expectTypeOf<{ 'public-key': string }>().not.toExtend<FranchiseAiDemoAttributes>();
expectTypeOf<{ 'webhook-base': string; 'business-type': 'owner' }>().not.toExtend<FranchiseAiDemoAttributes>();
expectTypeOf<{ 'webhook-base': string; analytics: 'datalayer' }>().toExtend<FranchiseAiDemoAttributes>();
expectTypeOf<{ 'webhook-base': string; analytics: 'gtag' }>().not.toExtend<FranchiseAiDemoAttributes>();
