import { Button, FileInput, Group, Image, Stack, TextInput } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { failureText } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../api/manager';

interface ImageUploadFieldProps {
  value: string;
  onChange: (imageUrl: string) => void;
  /** 'Image URL (Optional)' unless the form needs an image. */
  label?: string;
  required?: boolean;
  error?: string;
}

/**
 * Pick an image, upload it, and the address field below takes its `imageUrl`; or type an address.
 * Upload is disabled with no file and while uploading. See docs/design.md, "Staff area".
 */
export function ImageUploadField({
  value,
  onChange,
  label = 'Image URL (Optional)',
  required,
  error,
}: ImageUploadFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);

  async function upload() {
    if (!file) {
      toast({
        title: 'No file selected',
        description: 'Please select a file to upload.',
        variant: 'destructive',
      });
      return;
    }
    setUploading(true);
    try {
      const answer = await uploadImage(file);
      onChange(answer.imageUrl);
      setFile(null);
      resetRef.current?.();
    } catch (failure) {
      toast({
        title: 'Error uploading image',
        description: failureText(failure, 'Failed to upload the image. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileInput
          label="Image file"
          placeholder="No file selected"
          accept="image/*"
          value={file}
          onChange={setFile}
          resetRef={resetRef}
          clearable
          leftSection={<IconPhoto size={16} />}
          style={{ flex: 1, minWidth: 0 }}
          disabled={uploading}
        />
        <Button
          variant="light"
          leftSection={<IconUpload size={16} />}
          disabled={!file || uploading}
          loading={uploading}
          onClick={() => void upload()}
        >
          Upload
        </Button>
      </Group>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          placeholder="Enter image URL"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          required={required}
          error={error}
          style={{ flex: 1, minWidth: 0 }}
        />
        {value.trim() !== '' && (
          <Image
            src={value}
            alt="Image preview"
            w={56}
            h={56}
            mt={24}
            radius="sm"
            fit="contain"
            bg="dark.6"
            fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
          />
        )}
      </Group>
    </Stack>
  );
}
