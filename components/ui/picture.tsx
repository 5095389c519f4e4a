import type { ReactNode } from "react";

/**
 * Where a picture stands: the size its image is drawn at, the classes of its frame and of the
 * image, and `lazy` for lists far down a page. Each screen names its frames as constants, so a
 * `Picture` call says only what it shows.
 */
export type PictureFrame = {
  width: number;
  height: number;
  className: string;
  imgClassName: string;
  lazy?: boolean;
};

/**
 * One of our pictures (SVG art or a farmer's upload) in its frame. The frame is drawn whether or
 * not there is a picture, so a card keeps its shape; `children` sit on the picture (a badge). The
 * picture is decorative unless `alt` names it.
 */
export function Picture({
  src,
  width,
  height,
  className,
  imgClassName,
  alt = "",
  lazy = false,
  children,
}: PictureFrame & {
  src: string | null;
  alt?: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own SVG art and uploads: nothing to optimise
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading={lazy ? "lazy" : undefined}
          decoding={lazy ? "async" : undefined}
          className={imgClassName}
        />
      ) : null}
      {children}
    </div>
  );
}
