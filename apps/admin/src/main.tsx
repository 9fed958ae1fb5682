import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// The shared sheet first: each feature's own sheet (imported by the feature) comes after it and may refine it.
import './app/global.css';
import { AdminApp } from './app/app';
import { readAdminConfig } from './lib/runtime-config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const config = readAdminConfig();
document.title = `${config.storeName} back office`;

createRoot(container).render(
  <StrictMode>
    <AdminApp
      config={config}
      webauthn={{ startRegistration, startAuthentication }}
      router={(children) => <BrowserRouter basename="/admin">{children}</BrowserRouter>}
    />
  </StrictMode>,
);
