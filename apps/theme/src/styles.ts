/** The theme's whole stylesheet, inlined in every page (small enough to beat a request). */
export const CSS = `
:root{--ink:#1d1d1f;--muted:#5a5a60;--line:#d9d9de;--bg:#fff;--soft:#f5f4f1;--accent:#1f4d3a;--sale:#a3241b;--radius:6px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg);line-height:1.5}
*{box-sizing:border-box}body{margin:0}img{max-width:100%;height:auto;display:block}
a{color:inherit}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.wrap{max-width:1200px;margin:0 auto;padding:0 16px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:9}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.topbar{background:var(--accent);color:#fff;text-align:center;font-size:.875rem;padding:6px 16px;min-height:33px}
.topbar ul{list-style:none;margin:0;padding:0}@media(max-width:700px){.topbar ul{min-height:3em}}.topbar li[hidden]{display:none}.topbar a{color:#fff;margin-left:8px}
header.site{border-bottom:1px solid var(--line)}
.bar{display:flex;align-items:center;gap:16px;flex-wrap:wrap;padding:12px 0}
.logo img{width:180px;height:40px;object-fit:contain}
.tools{margin-left:auto;display:flex;gap:14px;align-items:center}
.tools a{text-decoration:none;font-weight:500;padding:8px 2px}
nav.menu ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 18px;margin:0;padding:0 0 10px}
nav.menu a{text-decoration:none;display:inline-block;padding:6px 0}
search.search{flex:1;min-width:200px;max-width:380px}search.search form{flex-wrap:nowrap}search.search input{flex:1;min-width:0}
input,select,textarea{font:inherit;padding:9px 10px;border:1px solid #8a8a92;border-radius:var(--radius);background:#fff;color:var(--ink);min-height:44px}
input[type=radio],input[type=checkbox]{min-height:auto}
button,.button{font:inherit;font-weight:600;padding:10px 18px;border-radius:var(--radius);border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer;text-decoration:none;display:inline-block;min-height:44px}
button.ghost,.button.ghost{background:#fff;color:var(--accent)}
button[disabled]{background:#8a8a92;border-color:#8a8a92;cursor:not-allowed}
main.wrap{padding:24px 16px 48px;min-height:60vh}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 16px}h2{font-size:1.25rem;margin:28px 0 12px}
.grid{display:grid;grid-template-columns:repeat(2,1fr);gap:16px;list-style:none;padding:0;margin:0}
@media(min-width:720px){.grid{grid-template-columns:repeat(3,1fr)}}@media(min-width:1024px){.grid{grid-template-columns:repeat(4,1fr)}}
.card a{text-decoration:none;display:block}.card img{aspect-ratio:1;width:100%;background:var(--soft);border-radius:var(--radius);object-fit:cover}
.card h3{font-size:1rem;margin:8px 0 2px;font-weight:500}
.price{font-weight:600}.price s{color:var(--muted);font-weight:400;margin-left:6px}.sale{color:var(--sale)}
.layout{display:grid;gap:24px}@media(min-width:900px){.layout{grid-template-columns:240px 1fr}}
.filters fieldset{border:1px solid var(--line);border-radius:var(--radius);margin:0 0 12px;padding:10px}
.filters label{display:block;margin:4px 0}.filters input[type=number],.filters input[type=search],.filters select{width:100%}
.pager{display:flex;gap:8px;justify-content:center;margin:24px 0;flex-wrap:wrap}.pager a,.pager span{padding:10px 14px;border:1px solid var(--line);border-radius:var(--radius);text-decoration:none}
.product{display:grid;gap:24px}@media(min-width:900px){.product{grid-template-columns:1fr 1fr}}
.gallery{display:grid;gap:8px;grid-template-columns:repeat(4,1fr)}.gallery img{border-radius:var(--radius);background:var(--soft);aspect-ratio:1;width:100%;object-fit:cover}.gallery img:first-child{grid-column:1/-1}
.options fieldset{border:0;padding:0;margin:0 0 14px}.options legend{font-weight:600;margin-bottom:6px}
.chips{display:flex;flex-wrap:wrap;gap:8px}.chips label{border:1px solid #8a8a92;border-radius:var(--radius);padding:8px 12px;cursor:pointer;min-height:44px;display:inline-flex;align-items:center;gap:6px}
.chips input:checked+span{font-weight:700;text-decoration:underline}
.stock{margin:8px 0}.out{color:var(--sale);font-weight:600}
.note{background:var(--soft);padding:12px;border-radius:var(--radius)}.error{color:var(--sale);font-weight:600}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:10px 6px;border-bottom:1px solid var(--line);vertical-align:top}
.bagline img{width:64px;height:64px;object-fit:cover;border-radius:var(--radius)}
.form{display:grid;gap:12px;max-width:560px}.form label{display:grid;gap:4px;font-weight:500}
.totals{max-width:420px;margin-left:auto}.totals div{display:flex;justify-content:space-between;padding:4px 0}
.stars{color:#7a5200}
footer.site{background:#1f2a24;color:#f5f4f1;padding:32px 0;margin-top:32px;font-size:.95rem}footer.site input{border-color:#f5f4f1}footer.site button{background:#f5f4f1;color:#1f2a24;border-color:#f5f4f1}
.cols{display:grid;gap:24px;grid-template-columns:repeat(auto-fit,minmax(180px,1fr))}
footer.site ul{list-style:none;padding:0;margin:0}footer.site li a{display:inline-block;padding:6px 0}
.hero{background:var(--soft);border-radius:var(--radius);padding:32px 24px;margin-bottom:24px}
.inline{display:flex;gap:8px;flex-wrap:wrap;align-items:end}
.prose{max-width:720px}
`;
