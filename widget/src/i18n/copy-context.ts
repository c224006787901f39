import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { copy, type Copy } from '../copy.ts';
import type { Language } from './language.ts';

// Which language a widget's components speak: mountWidget provides the element's; English unless
// told (tests rendering a step alone get English).

export interface Texts {
  language: Language;
  copy: Copy;
}

export const ENGLISH: Texts = { language: 'en', copy };

export const TextsContext = createContext<Texts>(ENGLISH);

/** This widget's language and its texts. */
export const useTexts = (): Texts => useContext(TextsContext);

/** The texts of this widget's language. */
export const useCopy = (): Copy => useContext(TextsContext).copy;
