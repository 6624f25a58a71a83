import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The frame's sheet and the shared controls first: every view's own sheet, loaded with the view, comes
// after them and may refine them.
import './app/app.css';
import './ui/controls.css';
import './ui/answers.css';
import './ui/data-views.css';
import { App } from './app/App';
import { findBridge } from './app/bridge';
import { createGatehouseStore } from './app/store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const bridge = findBridge(window);
const store = createGatehouseStore(bridge);

createRoot(root).render(
  <StrictMode>
    <App store={store} bridge={bridge} />
  </StrictMode>,
);
