// Written once for the hosts' lead rules and the widget's submit button, so both call the same
// field blank.

// What shows nothing by itself: white space, controls, format characters (zero-width spaces and
// joiners, the BOM, bidirectional marks), combining marks with nothing to sit on, lone surrogates,
// what Unicode says to skip when it cannot be shown (Hangul fillers, variation selectors, tags)
// and the braille blank, which is a symbol but looks like a space.
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** True when the text shows nothing: a field that holds only such characters is as good as empty. */
export const looksBlank = (text: string): boolean => !VISIBLE.test(text);
