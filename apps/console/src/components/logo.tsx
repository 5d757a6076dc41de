import { useId } from 'react';

interface LogoProps {
  size?: number;
  /** Show the "Beacon" word mark beside the symbol. */
  withText?: boolean;
  textColor?: string;
}

/** Beacon's mark: a signal source sending two waves, on an indigo tile. */
export function Logo({ size = 28, withText = true, textColor = '#1f2a44' }: LogoProps) {
  const gradient = useId();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Beacon">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#4c6ef5" />
            <stop offset="1" stopColor="#2b3fb8" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
        <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="2.4">
          <path d="M11 16.5a7 7 0 0 1 10 0" />
          <path d="M7 12.5a12.5 12.5 0 0 1 18 0" opacity=".7" />
        </g>
        <circle cx="16" cy="21.5" r="3" fill="#fff" />
      </svg>
      {withText && (
        <span
          style={{
            fontSize: size * 0.68,
            fontWeight: 650,
            letterSpacing: -0.3,
            color: textColor,
            lineHeight: 1,
          }}
        >
          Beacon
        </span>
      )}
    </span>
  );
}
