import { describe, expect, it } from 'vitest';
import { probedPosition, readProbe, renderArgs } from './ffmpeg.ts';

describe('renderArgs', () => {
  it('scales to fit, pads to the preset, sets the frame rate and x264', () => {
    const args = renderArgs('/in/source.mp4', '/out/render.part', 'video', { width: 1920, height: 1080, fps: 30, codec: 'x264' });
    expect(args).toEqual([
      '-hide_banner', '-nostdin', '-y', '-i', '/in/source.mp4',
      '-vf', 'scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080:(ow-iw)/2:(oh-ih)/2,setsar=1',
      '-r', '30', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', '/out/render.part',
    ]);
  });

  it('uses libx265 for hevc and loops a still image into a clip', () => {
    const args = renderArgs('/in/source.png', '/out/r.part', 'image', { width: 1080, height: 1920, fps: 25, codec: 'hevc' });
    expect(args.slice(3, 9)).toEqual(['-loop', '1', '-i', '/in/source.png', '-t', '10']);
    expect(args).toContain('libx265');
    expect(args).toContain('-an');
  });
});

describe('probedPosition (issue 24: orientation at upload)', () => {
  it('is vertical for a picture taller than wide as shown: 1080x1920, or 1920x1080 turned a quarter', () => {
    expect(probedPosition({ width: 1080, height: 1920, rotation: 0 })).toBe('vertical');
    expect(probedPosition({ width: 1920, height: 1080, rotation: 90 })).toBe('vertical');
    expect(probedPosition({ width: 1920, height: 1080, rotation: 270 })).toBe('vertical');
    expect(probedPosition({ width: 1920, height: 1080, rotation: 0 })).toBe('horizontal');
    expect(probedPosition({ width: 1080, height: 1920, rotation: 90 })).toBe('horizontal');
    expect(probedPosition({ width: 1080, height: 1920, rotation: 180 })).toBe('vertical');
    expect(probedPosition({ width: 500, height: 500, rotation: 0 })).toBe('horizontal');
  });
});

describe('readProbe', () => {
  const probeJson = (streams: object[], duration?: string) => JSON.stringify({ streams, format: duration ? { duration } : {} });

  it('reads duration, resolution and codec of a video', () => {
    expect(readProbe(probeJson([{ codec_type: 'audio', codec_name: 'aac' }, { codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 }], '12.345678'), 'video')).toEqual({
      duration: 12.35,
      width: 1280,
      height: 720,
      videoCodec: 'h264',
      rotation: 0,
    });
  });

  it('reads the rotation from the display matrix or the older rotate tag, as a quarter turn', () => {
    const video = { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 };
    expect(readProbe(probeJson([{ ...video, side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] }]), 'video').rotation).toBe(270);
    expect(readProbe(probeJson([{ ...video, side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] }]), 'video').rotation).toBe(90);
    expect(readProbe(probeJson([{ ...video, tags: { rotate: '180' } }]), 'video').rotation).toBe(180);
    expect(readProbe(probeJson([{ ...video, tags: { rotate: 'sideways' } }]), 'video').rotation).toBe(0);
  });

  it('gives an image no duration', () => {
    expect(readProbe(probeJson([{ codec_type: 'video', codec_name: 'png', width: 10, height: 20 }], '0.04'), 'image').duration).toBeNull();
  });

  it('refuses a file without a picture, ignoring cover art', () => {
    expect(() => readProbe(probeJson([{ codec_type: 'audio' }]), 'video')).toThrow('no video stream');
    expect(() => readProbe(probeJson([{ codec_type: 'video', width: 1, height: 1, disposition: { attached_pic: 1 } }]), 'video')).toThrow('no video stream');
  });
});
