import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * The implemented /app/:appId screens, keyed like APP_SCREENS (`section/screen`), each a React.lazy import of a
 * route file; anything not listed shows the "coming soon" placeholder. Features add their screens one line each.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {};
