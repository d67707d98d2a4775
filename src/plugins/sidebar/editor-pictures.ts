/** The pictures of pushed pages the sidebar shows, each loaded once per push and size. */

export class SidebarPictures {
  /** Object URLs of the pictures shown, by their path, push time and size. */
  private readonly pictures = new Map<string, string>();

  /**
   * Loads a picture through the admin API (with the editor's credentials), drawn at the size its screen shows it
   * in device pixels, once per push and size. A screen not laid out (the tab hidden) waits for the next drawing.
   */
  show(picture: JQuery, shown: Set<string>): void {
    const screen = picture.parent()[0];
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(screen.clientWidth * ratio);
    const height = Math.round(screen.clientHeight * ratio);
    if (width < 1 || height < 1) return;
    const path = String(picture.attr('data-picture'));
    const key = `${path}@${String(picture.attr('data-pushed-at'))}@${width}x${height}`;
    shown.add(key);
    const known = this.pictures.get(key);
    if (known) {
      picture.attr('src', known);
      return;
    }
    void $.ajax({ url: path, data: { width, height }, cache: false, xhrFields: { responseType: 'blob' } }).done(
      (blob: Blob) => {
        const url = URL.createObjectURL(blob);
        this.pictures.set(key, url);
        picture.attr('src', url);
      },
    );
  }

  /** Lets go of every picture but those `shown`. */
  keepOnly(shown: Set<string>): void {
    for (const [key, url] of this.pictures) {
      if (shown.has(key)) continue;
      URL.revokeObjectURL(url);
      this.pictures.delete(key);
    }
  }
}
