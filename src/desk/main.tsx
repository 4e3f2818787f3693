/**
 * The desk's entry (ADR 033): loaded only by /desk's page (src/pages/desk/),
 * never by a public page. Mounts the application into #desk-root.
 */
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/noto-sans-arabic';
import '@fontsource-variable/inter';
import './desk.css';
import { App } from './App.tsx';

createRoot(document.getElementById('desk-root')!).render(<App />);
