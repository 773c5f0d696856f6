import { useEffect, useState } from 'react';
import { getPhoto } from '../../services/devices.service.ts';

/** An object URL of the device's location photo (fetched with the session, as the link needs the JWT header). */
export function useDevicePhoto(link: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!link) {
      setUrl(null);
      return undefined;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    getPhoto(link)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setUrl(null));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [link]);
  return url;
}
