type TitleOf<Key> = Key extends `${infer Name}Title` ? Name : never;
type TextOf<Key> = Key extends `${infer Name}Text` ? Name : never;
/** A card by its name in `texts`, which holds its two lines as `${name}Title` and `${name}Text`. */
export type CardName<Texts> = Extract<TitleOf<keyof Texts>, TextOf<keyof Texts>>;

/** A row of small cards; the caller gives the texts, so this file brings none into the first render. */
export function CardList<Texts extends Readonly<Record<string, string>>>({ texts, cards }: { texts: Texts; cards: readonly CardName<Texts>[] }) {
  return (
    <ul class="cards three">
      {cards.map((name) => (
        <li key={name} class="card" part="card">
          <h3>{texts[`${name}Title`]}</h3>
          <p>{texts[`${name}Text`]}</p>
        </li>
      ))}
    </ul>
  );
}
