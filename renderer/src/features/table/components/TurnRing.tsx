import { useEffect, useState } from 'react';
import { TURN_SECONDS } from '@shared/constants';
import { PlayerAvatar } from '../../../components/PlayerAvatar';

function useNow(active: boolean, everyMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

/** The player's avatar inside a ring that empties as their turn runs out. */
export function TurnRing({
  username,
  avatarUrl,
  deadline,
  active,
  color,
}: {
  username: string;
  avatarUrl: string | null;
  deadline: number | null;
  active: boolean;
  /** The avatar's own colour (a bot's persona), in place of the turn's gold and the idle grey. */
  color?: string;
}) {
  const now = useNow(active && deadline !== null);
  const size = 56;
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  const left =
    active && deadline !== null ? Math.max(0, Math.min(1, (deadline - now) / (TURN_SECONDS * 1000))) : 0;
  const urgent = left < 0.25;
  return (
    <div style={{ position: 'relative', width: size, height: size, flex: 'none' }}>
      <svg
        width={size}
        height={size}
        style={{ position: 'absolute', inset: 0, transform: 'rotate(-90deg)' }}
        aria-hidden
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="rgba(255,255,255,0.08)"
          strokeWidth={4}
        />
        {active && (
          <circle
            cx={size / 2}
            cy={size / 2}
            r={radius}
            fill="none"
            stroke={urgent ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-spar-5)'}
            strokeWidth={4}
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - left)}
            style={{ transition: 'stroke-dashoffset 250ms linear' }}
          />
        )}
      </svg>
      <PlayerAvatar
        username={username}
        avatarUrl={avatarUrl}
        size={44}
        color={color ?? (active ? 'spar' : 'gray')}
        variant={color && !active ? 'light' : 'filled'}
        style={{ position: 'absolute', top: 6, left: 6 }}
      />
    </div>
  );
}
