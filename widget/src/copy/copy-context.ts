import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { copy, type Copy } from './copy.ts';
import type { Language } from './language.ts';

// Which language a widget's components speak: mountWidget provides the element's; English unless told.

export interface Texts {
  language: Language;
  copy: Copy;
}

export const ENGLISH: Texts = { language: 'en', copy };

export const TextsContext = createContext<Texts>(ENGLISH);

export const useTexts = (): Texts => useContext(TextsContext);

export const useCopy = (): Copy => useContext(TextsContext).copy;
