import { describe, expect, it, vi } from 'vitest';
import { parseChoice, POSITIONS, VARIANTS } from './layout-rules.ts';

describe('parseChoice (variant, position)', () => {
  it('absent or empty is the first choice, silently', () => {
    const warn = vi.fn();
    expect(parseChoice('variant', undefined, VARIANTS, warn)).toBe('inline');
    expect(parseChoice('position', null, POSITIONS, warn)).toBe('bottom-right');
    expect(parseChoice('position', '  ', POSITIONS, warn)).toBe('bottom-right');
    expect(warn).not.toHaveBeenCalled();
  });

  it('each choice, trimmed and in any case', () => {
    const warn = vi.fn();
    expect(parseChoice('variant', ' Launcher ', VARIANTS, warn)).toBe('launcher');
    for (const position of POSITIONS) expect(parseChoice('position', position.toUpperCase(), POSITIONS, warn)).toBe(position);
    expect(warn).not.toHaveBeenCalled();
  });

  it('anything else falls back to the first, with one warning naming the choices', () => {
    const warn = vi.fn();
    expect(parseChoice('position', 'middle', POSITIONS, warn)).toBe('bottom-right');
    expect(warn).toHaveBeenCalledExactlyOnceWith('position "middle" is not one of bottom-right, bottom-left, top-right, top-left; using bottom-right.');
  });
});
