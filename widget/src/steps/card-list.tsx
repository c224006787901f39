import { copy, type CopyKey } from '../copy.ts';

type TitleOf<Key> = Key extends `${infer Name}Title` ? Name : never;
type TextOf<Key> = Key extends `${infer Name}Text` ? Name : never;
/** A card by its name in the copy, which holds its two lines as `${name}Title` and `${name}Text`. */
export type CardName = Extract<TitleOf<CopyKey>, TextOf<CopyKey>>;

/** A row of small cards, each a title and a line of text (benefits, features). */
export function CardList({ cards }: { cards: readonly CardName[] }) {
  return (
    <ul class="cards three">
      {cards.map((name) => (
        <li key={name} class="card" part="card">
          <h3>{copy[`${name}Title`]}</h3>
          <p>{copy[`${name}Text`]}</p>
        </li>
      ))}
    </ul>
  );
}
