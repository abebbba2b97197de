/**
 * Starts the fake Google identity provider for the browser suite on E2E_PORT + 1000 (the server's
 * GOOGLE_* variables in playwright.config.ts point there); the returned function stops it.
 */
import { FakeGoogle } from '../../server/src/testing/fake-google';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 3917) + 1000;
  const google = await new FakeGoogle({ port }).start();
  return () => google.close();
}
