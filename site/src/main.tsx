import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app.tsx';
import './styles.css';

// Every built page arrives prerendered and is only hydrated (same tree as entry-server.tsx);
// the dev server's page is empty, so there the app renders from scratch.
const root = document.getElementById('root')!;
const app = (
  <Router>
    <App />
  </Router>
);
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
