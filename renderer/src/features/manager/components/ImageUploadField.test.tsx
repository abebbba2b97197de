// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { ImageUploadField } from './ImageUploadField';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Harness() {
  const [url, setUrl] = useState('');
  return <ImageUploadField value={url} onChange={setUrl} />;
}

/** Each upload waits until the test answers it. */
function stubUploads() {
  const pending: ((res: Response) => void)[] = [];
  const fetch = vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve)));
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    answer: async (res: Response) => {
      await waitFor(() => expect(pending).toHaveLength(1));
      pending.shift()!(res);
    },
  };
}

const uploadButton = () => screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (name = 'reward.png') =>
  fireEvent.change(fileInput(), {
    target: { files: [new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })] },
  });

describe('image upload field', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes images only and cannot upload before a file is chosen', () => {
    stubUploads();
    renderWithProviders(<Harness />);
    expect(fileInput().accept).toBe('image/*');
    expect(screen.getByText('No file selected')).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);
    const address = screen.getByLabelText('Image URL (Optional)') as HTMLInputElement;
    expect(address.placeholder).toBe('Enter image URL');
    expect(address.required).toBe(false);
  });

  it('uploads the file as the one form field, is disabled meanwhile, then sets the address and clears the choice', async () => {
    const { fetch, answer } = stubUploads();
    renderWithProviders(<Harness />);
    pick();
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    fireEvent.click(uploadButton());
    await waitFor(() => expect(uploadButton().disabled).toBe(true));
    expect(uploadButton().getAttribute('data-loading')).toBe('true');
    const [url, init] = (fetch.mock.calls as unknown as [string, RequestInit][])[0]!;
    expect(url).toBe('/api/manager/upload-image');
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual(['file']);
    expect((body.get('file') as File).name).toBe('reward.png');
    await answer(json(200, { imageUrl: '/uploads/0123abcd.png' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Image URL (Optional)') as HTMLInputElement).value).toBe(
        '/uploads/0123abcd.png',
      ),
    );
    expect(screen.getByText('No file selected')).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);
    expect(fileInput().value).toBe('');
    expect(getDefaultStore().get(toastsAtom)).toHaveLength(0);
  });

  it('a refused upload shows the destructive Error uploading image notice and keeps the address', async () => {
    const { answer } = stubUploads();
    renderWithProviders(<Harness />);
    pick('notes.png');
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    fireEvent.click(uploadButton());
    await answer(
      json(400, {
        message: 'Only PNG, JPEG, WebP and GIF images can be uploaded',
        code: 'unsupported_image',
      }),
    );
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      {
        title: 'Error uploading image',
        message: 'Only PNG, JPEG, WebP and GIF images can be uploaded',
        type: 'error',
      },
    ]);
    expect((screen.getByLabelText('Image URL (Optional)') as HTMLInputElement).value).toBe('');
    expect(uploadButton().disabled).toBe(false);
  });

  it('a network failure falls back to the generic text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<Harness />);
    pick();
    await waitFor(() => expect(uploadButton().disabled).toBe(false));
    fireEvent.click(uploadButton());
    await waitFor(() => expect(getDefaultStore().get(toastsAtom)).toHaveLength(1));
    expect(getDefaultStore().get(toastsAtom)).toMatchObject([
      { title: 'Error uploading image', message: 'Failed to upload the image. Please try again.' },
    ]);
  });
});
