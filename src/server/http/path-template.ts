/**
 * A route's path template (`/api/postdetails/{id}`) as a regular expression
 * with its parameter names, shared by the /api dispatcher and the newsroom's
 * router. A trailing slash is optional in the template and in the request.
 */
export interface PathTemplate {
  regex: RegExp;
  names: string[];
}

export function compilePathTemplate(path: string): PathTemplate {
  const names: string[] = [];
  const pattern = path
    .replace(/\/$/, '')
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { names, regex: new RegExp(`^${pattern}/?$`) };
}
