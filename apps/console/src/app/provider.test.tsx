import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from './provider';

const jsdomMatchMedia = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'matchMedia', jsdomMatchMedia);
});

/** A system that answers `reduce` for prefers-reduced-motion when `reduce`. */
function systemMotion(reduce: boolean): void {
  const matchMedia = (query: string): MediaQueryList => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMedia });
}

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

const renderProvider = () =>
  render(
    <AppProvider queryClient={new QueryClient()}>
      <Motion />
    </AppProvider>,
  );

describe('the console theme', () => {
  it('keeps antd’s animations for a system that did not ask for less motion', () => {
    systemMotion(false);
    renderProvider();
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });

  it('turns antd’s animations off when the system asks for reduced motion', () => {
    systemMotion(true);
    renderProvider();
    expect(screen.getByTestId('motion').textContent).toBe('false');
  });
});
