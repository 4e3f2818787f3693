/**
 * The media library (docs/desk.md "Pictures"): drop pictures to upload them
 * (several at once, each with its progress), give each its Arabic and
 * French alternative text, credit and focal point, search and reuse them.
 */
import { useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { MediaBrowser, Uploader, type MediaItem } from '../media.tsx';
import { ScreenTitle } from '../ui.tsx';

export default function MediaScreen() {
  const [fresh, setFresh] = useState<MediaItem[]>([]);
  return (
    <main id="main" className="screen stack">
      <ScreenTitle>{m.desk_nav_media()}</ScreenTitle>
      <Uploader onUploaded={(item) => setFresh((f) => [item, ...f.filter((x) => x.id !== item.id)])} />
      <MediaBrowser fresh={fresh} />
    </main>
  );
}
