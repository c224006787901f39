import { describe, expect, test } from 'vitest';
import { typesetFrench } from './french-typography.ts';

const N = '\u00a0';
const F = '\u202f';

describe('typesetFrench', () => {
  test.each([
    ['before ; ! ?, a narrow no-break space', 'Vraiment ? Oui ! Non ; peut-être', `Vraiment${F}? Oui${F}! Non${F}; peut-être`],
    ['before : and %, a no-break space', 'Note : 85 %', `Note${N}: 85${N}%`],
    ['inside guillemets, a no-break space, typed or not', 'dites « stop » ou «Autoriser»', `dites «${N}stop${N}» ou «${N}Autoriser${N}»`],
    ['the apostrophe', "l'agent d'Ada", 'l’agent d’Ada'],
    ['a space of another kind, replaced by the rule', `Temps restant${F}: Parfait${N}! «${F}x${N}»`, `Temps restant${N}: Parfait${F}! «${N}x${N}»`],
    ['several spaces, one', 'Quoi  ?', `Quoi${F}?`],
    ['a label colon alone', ' :', `${N}:`],
    ['?! together: the space before the first only', 'Quoi ?!', `Quoi${F}?!`],
    ['no space typed, none added', 'Oui! 10:30, 24/7', 'Oui! 10:30, 24/7'],
    [
      'a URL left as written',
      "Voir https://a.example/l'offre?x=1&y=2 ; ou www.b.example/?q=1 !",
      `Voir https://a.example/l'offre?x=1&y=2${F}; ou www.b.example/?q=1${F}!`,
    ],
    ['a URL in guillemets', '« https://a.example/p »', `«${N}https://a.example/p${N}»`],
    ['an e-mail address left as written, an apostrophe in it too', "Écrivez à o'brien@a.example : merci", `Écrivez à o'brien@a.example${N}: merci`],
    ['emoticons left as written', 'Merci :) À bientôt ;-) Zut :( Super :D', 'Merci :) À bientôt ;-) Zut :( Super :D'],
    ['a colon before a word is no emoticon', 'Étape :Description', `Étape${N}:Description`],
    ['slots and prose without marks untouched', 'Bonjour {name}, voici {website}.', 'Bonjour {name}, voici {website}.'],
    ['nothing to do', '', ''],
  ])('%s', (_rule, text, typeset) => {
    expect(typesetFrench(text)).toBe(typeset);
    expect(typesetFrench(typeset), 'idempotent').toBe(typeset);
  });

  test('slots filled as written, after the template is typeset', () => {
    expect(typesetFrench('Bonjour {name} ! Voici {site} : {other}', { name: "{% raw %} 5 % d'O'Brien ?", site: '{name}' })).toBe(
      `Bonjour {% raw %} 5 % d'O'Brien ?${F}! Voici {name}${N}: {other}`,
    );
  });

  test('an object: every string in it, at any depth, the rest kept', () => {
    const content = { title: 'Prêt ?', items: ['« a »', { text: "l'un : l'autre", count: 2, shown: true, none: null }] };
    expect(typesetFrench(content)).toEqual({ title: `Prêt${F}?`, items: [`«${N}a${N}»`, { text: `l’un${N}: l’autre`, count: 2, shown: true, none: null }] });
    expect(content.title, 'the original untouched').toBe('Prêt ?');
  });

  test('before % as Intl writes a French percentage', () => {
    const percent = new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(0.85);
    expect(typesetFrench('85 %')).toBe(percent);
  });
});
