import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@campus/shared/messages';
import { renderWithProviders } from '@campus/shared/testing';
import { PhotoPicker } from './PhotoPicker';

/** The picker as a page holds it: the chosen files in the page's state. */
function Harness({ kept = [] }: { kept?: string[] }) {
  const [files, setFiles] = useState<File[]>([]);
  const [keptNow, setKept] = useState<string[]>(kept);
  return <PhotoPicker kept={keptNow} files={files} onKeptChange={setKept} onFilesChange={setFiles} />;
}

function open(kept?: string[]) {
  // A phone's file chooser (or a drop) may hand over files the accept list does not name: the picker must judge them itself.
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<Harness kept={kept} />);
  return user;
}

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
/** Written out from the spec's 5 MB (section 9), not read from PHOTO_MAX_BYTES. */
const FIVE_MB = 5 * 1024 * 1024;

const previews = () => within(screen.getByRole('list', { name: 'Photos' })).queryAllByRole('img');

describe('PhotoPicker', () => {
  it('refuses a file that is not a JPG, PNG or WebP photo at once, says why beside the picker, and keeps the good ones', async () => {
    const user = open();
    await user.upload(screen.getByLabelText('Add photos'), [
      file('front.jpg', 'image/jpeg'),
      file('notes.pdf', 'application/pdf'),
      file('back.png', 'image/png'),
    ]);
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual(['New photo front.jpg', 'New photo back.png']);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.uploads.wrongPhotoType('notes.pdf'));
    // The reason is part of the picker's description, so it is read out with the button.
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveAccessibleDescription(expect.stringContaining('notes.pdf is not'));
  });

  it('refuses a photo over 5 MB, and takes one of exactly 5 MB', async () => {
    const user = open();
    await user.upload(screen.getByLabelText('Add photos'), [
      file('huge.jpg', 'image/jpeg', FIVE_MB + 1),
      file('fits.jpg', 'image/jpeg', FIVE_MB),
    ]);
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual(['New photo fits.jpg']);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploads.tooLarge('huge.jpg'));
  });

  it('adds no preview when every file of a choice is refused, and the next good choice clears the reason', async () => {
    const user = open(['/uploads/a.webp']);
    await user.upload(screen.getByLabelText('Add photos'), file('clip.gif', 'image/gif'));
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual(['Current photo 1']);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploads.wrongPhotoType('clip.gif'));

    await user.upload(screen.getByLabelText('Add photos'), file('side.webp', 'image/webp'));
    expect(previews()).toHaveLength(2);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('judges a file the phone gives no type by its name', async () => {
    const user = open();
    await user.upload(screen.getByLabelText('Add photos'), [file('IMG_0001.JPG', ''), file('IMG_0002.HEIC', '')]);
    expect(previews().map((img) => img.getAttribute('alt'))).toEqual(['New photo IMG_0001.JPG']);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploads.wrongPhotoType('IMG_0002.HEIC'));
  });

  it('says so when a choice holds more photos than there is room for', async () => {
    const user = open(['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp']);
    await user.upload(screen.getByLabelText('Add photos'), [file('d.png', 'image/png'), file('e.png', 'image/png')]);
    expect(previews()).toHaveLength(4);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.uploads.tooManyPhotos(4));
  });
});
