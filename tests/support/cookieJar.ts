/** Just enough of a browser's cookie handling (name, path, expiry) to drive the login flow through app.inject. */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key, attrValue = ''] = attribute.split('=');
        if (key!.toLowerCase() === 'path') path = attrValue;
        if (key!.toLowerCase() === 'max-age' && Number(attrValue) <= 0) expired = true;
        if (key!.toLowerCase() === 'expires' && new Date(attrValue).getTime() < Date.now()) expired = true;
      }
      const key = `${name}|${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  headerFor(requestPath: string): string {
    return [...this.cookies.entries()]
      .filter(
        ([, cookie]) =>
          requestPath === cookie.path ||
          requestPath.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`) ||
          cookie.path === '/',
      )
      .map(([key, cookie]) => `${key.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }
}
