import { createAdminOpenApi } from '../src/admin-api';
const api = createAdminOpenApi();
const res = await api.request('/openapi.json');
const doc = await res.json();
await import('node:fs').then((fs) => fs.writeFileSync('.tmp/admin-doc.json', JSON.stringify(doc, null, 1)));
console.log(Object.keys(doc.paths).length);
