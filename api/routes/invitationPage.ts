import { randomBytes } from 'node:crypto';

// The page behind an invitation link (GET /invitations/{token}): who invites whom, until when, and a
// form that posts the person's name as JSON to POST /api/invitations/accept. A small inline script
// does the posting because the API only reads JSON bodies.

export interface InvitationPageOpen {
  kind: 'open';
  token: string;
  email: string;
  companyName: string;
  teamName: string;
  role: 'User' | 'Manager';
  expiresAt: Date;
  firstName: string | null;
  lastName: string | null;
}

export interface InvitationPageClosed {
  kind: 'closed';
  title: string;
  message: string;
}

export interface RenderedPage {
  html: string;
  /** Content-Security-Policy allowing only this page's own inline script. */
  csp: string;
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#222}
label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem}#result{margin-top:1rem;font-weight:600}`;

// Reads the form, posts JSON, and shows the API's answer; error bodies carry error.message.
const SCRIPT = `const form = document.getElementById('accept');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const result = document.getElementById('result');
  const data = new FormData(form);
  const body = { token: data.get('token'), firstName: String(data.get('firstName') || '').trim() };
  const lastName = String(data.get('lastName') || '').trim();
  if (lastName) body.lastName = lastName;
  form.querySelector('button').disabled = true;
  try {
    const res = await fetch(form.dataset.acceptUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    if (res.ok) { form.hidden = true; result.textContent = 'Welcome, ' + json.firstName + '! Your account is active.'; }
    else { result.textContent = json.error.message; form.querySelector('button').disabled = false; }
  } catch (err) {
    result.textContent = 'The invitation could not be accepted right now; please try again.';
    form.querySelector('button').disabled = false;
  }
});`;

function layout(title: string, content: string, nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body>
${content}
</body></html>`;
}

export function renderInvitationPage(page: InvitationPageOpen | InvitationPageClosed): RenderedPage {
  const nonce = randomBytes(16).toString('base64');
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
  if (page.kind === 'closed') {
    return {
      csp,
      html: layout(page.title, `<h1>${escapeHtml(page.title)}</h1>\n<p>${escapeHtml(page.message)}</p>`, nonce),
    };
  }
  const role = page.role === 'Manager' ? 'a manager' : 'a member';
  const content = `<h1>Join ${escapeHtml(page.companyName)}</h1>
<p>${escapeHtml(page.email)} is invited to join <strong>${escapeHtml(page.companyName)}</strong> on Sales Practice as ${role}
of the team <strong>${escapeHtml(page.teamName)}</strong>.</p>
<p>This invitation expires on <time datetime="${page.expiresAt.toISOString()}">${escapeHtml(page.expiresAt.toUTCString())}</time>.</p>
<form id="accept" method="post" data-accept-url="/api/invitations/accept">
<input type="hidden" name="token" value="${escapeHtml(page.token)}">
<label>First name <input name="firstName" required maxlength="255" autocomplete="given-name" value="${escapeHtml(page.firstName ?? '')}"></label>
<label>Last name <input name="lastName" maxlength="255" autocomplete="family-name" value="${escapeHtml(page.lastName ?? '')}"></label>
<button type="submit">Accept invitation</button>
</form>
<p id="result" role="status"></p>
<script nonce="${nonce}">${SCRIPT}</script>`;
  return { csp, html: layout(`Join ${page.companyName}`, content, nonce) };
}
