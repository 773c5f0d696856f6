import type { MediaFile } from '../../../src/services/schemas/media.ts';

/** A media file as the API answers it, for the media catalogues. */
export const mediaFile = (patch: Partial<MediaFile> = {}): MediaFile => ({
  id: 3,
  name: 'Clip',
  description: '',
  screen_position: 'horizontal',
  device_type: 'tvpi',
  kind: 'video',
  original_name: 'clip.mp4',
  mime_type: 'video/mp4',
  duration: 2,
  resolution: '320x240',
  video_codec: 'h264',
  size: 0.01,
  uploaded: '2026-01-01T00:00:00.000Z',
  status: 'ready_to_play',
  failure_reason: null,
  formats: [],
  fallbacks: [],
  links: { source: '/api/v1/media/files/3/source', preview: null, render: [] },
  ...patch,
});
