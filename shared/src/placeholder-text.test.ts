import { expect, it } from 'vitest';
import { isPlaceholder } from './placeholder-text.ts';

it.each(['Page Title', 'Page Description', 'Description Here', 'Home', 'Welcome!', 'Accueil', 'Untitled Document', 'Lorem ipsum dolor sit amet', ' '])(
  'takes %j for template text',
  (text) => expect(isPlaceholder(text)).toBe(true),
);

it.each(['Pizza Rita', 'Welcome to Frosty Spoon', 'Home Staging', 'Accueil chaleureux dans le 8e'])('takes %j for the site’s own words', (text) =>
  expect(isPlaceholder(text)).toBe(false),
);
