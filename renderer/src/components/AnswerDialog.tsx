import { Modal, Progress, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * A question with a deadline, over any screen (a match found, a game invitation): it closes only
 * by its answer, never by a click outside or Escape, so nobody declines by accident.
 */
export function AnswerDialog({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      radius="lg"
      title={
        <Text fw={700} size="lg" c="spar.5">
          {title}
        </Text>
      }
    >
      {children}
    </Modal>
  );
}

/** The clock, read again every `everyMs`: what an answer's countdown is drawn from. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** How long is left to answer: a bar that turns red in the last `urgentSeconds`, and the seconds. */
export function TimeLeft({
  remainingMs,
  fullMs,
  urgentSeconds,
  label,
  transitionDuration,
}: {
  remainingMs: number;
  fullMs: number;
  urgentSeconds: number;
  label: string;
  transitionDuration: number;
}) {
  const seconds = Math.ceil(remainingMs / 1000);
  return (
    <>
      <Progress
        value={(remainingMs / fullMs) * 100}
        color={seconds <= urgentSeconds ? 'red' : 'spar'}
        size="lg"
        radius="xl"
        aria-label={label}
        transitionDuration={transitionDuration}
      />
      <Text size="sm" c="dark.1" ta="center">
        {seconds} seconds left
      </Text>
    </>
  );
}
