import { useMemo } from 'react';
import { encode } from 'uqr';
import { useProfileStyles } from './Profile.styles.ts';

/**
 * The otpauth URI as a QR code, drawn here as an SVG (uqr encodes it in the browser: the secret goes to no other
 * service). Black on white in every theme, with a quiet zone: what authenticator apps read best.
 */
export function TwoFactorQr({ value, label }: { value: string; label: string }) {
  const styles = useProfileStyles();
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    const cells: string[] = [];
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x} ${y}h1v1h-1z`)));
    return { size: qr.size, path: cells.join('') };
  }, [value]);
  return (
    <svg className={styles.qr} role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" data-testid="two-factor-qr">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
