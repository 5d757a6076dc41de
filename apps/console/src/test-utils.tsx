import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { loadFeatureStrings } from './i18n';
import { WithEditorPorts } from './app/editor-ports';
import './app/feature-translations';
import { createQueryClient } from './lib/query-client';

// The console loads the features' strings with the screens that use them; tests render those screens directly.
await loadFeatureStrings();

/** Shows the router's current location, so tests can see where a component navigated. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders UI at a URL with the console's providers (query client, antd App, i18n, router, the editor's ports). */
export function renderAt(url: string, ui: ReactNode, path = '*'): RenderResult {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AntApp>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path={path}
              element={
                <WithEditorPorts>
                  {ui}
                  <LocationProbe />
                </WithEditorPorts>
              }
            />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}
