import { useEffect, useRef, useState } from 'react';
import { getMediaPreview } from '../../services/media.service.ts';
import { useEditorStyles } from './PlaylistEditor.styles.ts';

/** Object URLs of previews already fetched, by media id: a file in many tracks is fetched once. */
const previews = new Map<number, Promise<string | null>>();

function previewUrl(mediaId: number): Promise<string | null> {
  let url = previews.get(mediaId);
  if (!url) {
    url = getMediaPreview(mediaId).then(
      (blob) => URL.createObjectURL(blob),
      () => null,
    );
    previews.set(mediaId, url);
  }
  return url;
}

/** The media's preview, fetched (with the JWT) only once the row scrolls into view; decorative (the name is beside it). */
export function TrackThumbnail({ mediaId, hasPreview }: { mediaId: number; hasPreview: boolean }) {
  const styles = useEditorStyles();
  const box = useRef<HTMLSpanElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hasPreview || !box.current) return undefined;
    let live = true;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      void previewUrl(mediaId).then((found) => live && setUrl(found));
    });
    observer.observe(box.current);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [mediaId, hasPreview]);
  return <span ref={box} className={styles.thumb}>{url ? <img src={url} alt="" className={styles.thumbImage} /> : null}</span>;
}
