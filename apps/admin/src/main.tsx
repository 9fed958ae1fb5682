import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AdminApp } from './app/app';
import { readAdminConfig } from './lib/runtime-config';
import './app/admin.css';

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
