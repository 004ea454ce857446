// No zod here: the client's shell imports this, and zod would weigh on every page's first load.

/**
 * The close code of a socket whose session ended (logout, "sign out everyone", expiry, the account
 * deleted): the client must not reconnect with that cookie but go to the signed-out state. 4000–4999
 * are for applications (RFC 6455 §7.4.2); 4401 echoes HTTP 401.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * The close code of a socket whose session was replaced by a new one for the same browser (a password
 * change renews the session making it): any code but SESSION_ENDED_CLOSE_CODE makes the client
 * reconnect, and its reconnect carries the new cookie.
 */
export const SESSION_RENEWED_CLOSE_CODE = 4205;
