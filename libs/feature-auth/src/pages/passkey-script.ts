/** Where the sign-in pages load their passkey script from (the CSP allows only scripts of this origin). */
export const PASSKEY_SCRIPT_PATH = '/oauth/assets/passkey.js';

/**
 * The sign-in pages' one script: the "passkey" block (`#passkey`, hidden until this runs in a
 * browser with WebAuthn) asks `data-options` for a ceremony, lets the browser sign it
 * (`navigator.credentials.get`), posts the answer to `data-finish` with the page's CSRF token,
 * and follows the `redirect` of the answer. Binary fields travel as base64url, the shape
 * @simplewebauthn/server reads. Without JavaScript the page works as before: passwords and codes.
 */
export const PASSKEY_SCRIPT = `'use strict';
(function () {
  var block = document.getElementById('passkey');
  if (!block || !window.PublicKeyCredential || !navigator.credentials) return;
  var button = block.querySelector('button');
  var error = document.getElementById('passkey-error');
  function fromBase64url(text) {
    var base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    var binary = atob(base64 + '==='.slice((base64.length + 3) % 4));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }
  function toBase64url(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = '';
    for (var i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
  function post(url, body) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) throw new Error(json.error || 'The passkey could not sign you in.');
        return json;
      });
    });
  }
  function fail(message) {
    error.textContent = message;
    error.hidden = false;
    button.disabled = false;
  }
  block.hidden = false;
  button.addEventListener('click', function () {
    var csrf = block.getAttribute('data-csrf');
    button.disabled = true;
    error.hidden = true;
    post(block.getAttribute('data-options'), { csrf_token: csrf })
      .then(function (options) {
        return navigator.credentials.get({
          publicKey: {
            challenge: fromBase64url(options.challenge),
            rpId: options.rpId,
            timeout: options.timeout,
            userVerification: options.userVerification,
            allowCredentials: (options.allowCredentials || []).map(function (credential) {
              return { type: 'public-key', id: fromBase64url(credential.id), transports: credential.transports };
            }),
          },
        });
      })
      .then(function (credential) {
        var response = credential.response;
        return post(block.getAttribute('data-finish'), {
          csrf_token: csrf,
          return_to: block.getAttribute('data-return-to'),
          response: {
            id: credential.id,
            rawId: toBase64url(credential.rawId),
            type: credential.type,
            authenticatorAttachment: credential.authenticatorAttachment || undefined,
            clientExtensionResults: credential.getClientExtensionResults(),
            response: {
              clientDataJSON: toBase64url(response.clientDataJSON),
              authenticatorData: toBase64url(response.authenticatorData),
              signature: toBase64url(response.signature),
              userHandle: response.userHandle ? toBase64url(response.userHandle) : undefined,
            },
          },
        });
      })
      .then(function (answer) {
        window.location.assign(answer.redirect);
      })
      .catch(function (problem) {
        fail(problem && problem.name === 'NotAllowedError'
          ? 'The passkey was not used. Try again, or use your password.'
          : (problem && problem.message) || 'The passkey could not sign you in.');
      });
  });
})();
`;
