import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../test/match-media';
import { AppProvider } from './provider';

afterEach(() => {
  cleanup();
  stubMatchMedia(() => false); // as test-setup.ts has it
});

/** A system that answers `reduce` for prefers-reduced-motion when `reduce`. */
const systemMotion = (reduce: boolean) =>
  stubMatchMedia((query) => reduce && query === '(prefers-reduced-motion: reduce)');

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
