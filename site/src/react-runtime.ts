// React and React DOM alone, fetched and evaluated first, in a task of their own (src/main.tsx):
// evaluating them together with the app in one go was the page's one long task.
export { hydrateRoot } from 'react-dom/client';
