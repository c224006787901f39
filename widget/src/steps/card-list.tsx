/** A row of small cards, each a title and a line of text (benefits, features). */
export function CardList({ cards }: { cards: ReadonlyArray<readonly [title: string, text: string]> }) {
  return (
    <ul class="cards three">
      {cards.map(([title, text]) => (
        <li key={title} class="card" part="card">
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
