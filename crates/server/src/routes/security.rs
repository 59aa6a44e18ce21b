//! Account security and password recovery in the route table (after the work orders; paths ours,
//! the spec names none). `/lfscada/user/security/*` is the signed-in account's own (Session; each change needs
//! the session's proven identity, 1325); `/lfscada/findpwd/*` is public and bounded call by call
//! (`crate::api::findpwd`). docs/security.md, "Account security and password recovery".

use super::*;
use crate::api::{findpwd, security};

const CHANNEL: ParamDef = text("channel").required().doc("tel or email");
const CODE: ParamDef = text("code").doc("The 6-digit code sent (methods tel and email)");
/// The password rule (`NewPassword`) refuses a length outside it with its own reason: no `max` here.
const NEW_PASSWORD: ParamDef =
    text("password").required().doc("8 to 15 characters with a letter, a digit and a symbol; not the current one");
const METHOD: ParamDef = text("method").required();
/// An answer to the security question, checked against the stored one.
const ANSWER: ParamDef = text("answer");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/user/security/state", security::state, "user.security.state", Session [],
            "What of the caller's security is set up: {passwordSet, tel, telVerified, email, emailVerified (addresses \
             masked), questionSet, question, smsAvailable, mustChangePassword, proofExpiresIn}.", []),
        route!(POST "/lfscada/user/security/sendCode", security::send_code, "user.security.sendCode", Session [],
        "Send a 6-digit code (valid 10 minutes, 5 tries): purpose identity to the account's verified phone or e-mail; \
         purpose bind, once the identity is proven, to a new address → {to, resendIn, expiresIn}. One a minute and 10 \
         an hour per address (1321, 1322); 1323 without SMS, 1282 without the organisation's SMTP server.", [
            text("purpose").required().doc("identity or bind"),
            CHANNEL,
            // A phone number's rule refuses a long one as malformed: no `max` here.
            text("address").doc("The new phone number or e-mail address (purpose bind)"),
        ]),
        route!(POST "/lfscada/user/security/verify", security::verify, "user.security.verify", Session [],
        "Prove the identity for 10 minutes of this session → {expiresIn}: the current password (1203 when wrong), a \
         code sent for identity (1004, 1320), or the security answer (1327); guesses count as failed logins (1007).", [
            METHOD.doc("password, tel, email or question"),
            text("password").max(limits::LOGIN_PASSWORD_CHARS).doc("The current password (method password)"),
            CODE,
            ANSWER.doc("The security answer (method question; case and spaces do not matter)"),
        ]),
        route!(POST "/lfscada/user/security/password", security::password, "user.security.password", Session [],
            "Change the password (identity proven, 1325); the account's other sessions end.", [NEW_PASSWORD]),
        route!(POST "/lfscada/user/security/tel", security::tel, "user.security.tel", Session [],
        "Bind a phone number (identity proven): with SMS, proven by the code sent to it for bind; without SMS, a \
         contact field left unverified.", [
            text("tel").required().doc("Phone number"),
            CODE,
        ]),
        route!(POST "/lfscada/user/security/email", security::email, "user.security.email", Session [],
        "Bind an e-mail address (identity proven), proven by the code sent to it for bind.", [
            text("email").max(limits::EMAIL_CHARS).required().doc("E-mail address"),
            CODE.required().doc("The 6-digit code sent to it"),
        ]),
        route!(POST "/lfscada/user/security/question", security::question, "user.security.question", Session [],
        "Set the security question (identity proven); the answer is kept argon2id-hashed.", [
            text("question").max(limits::SECURITY_QUESTION_CHARS).required(),
            ANSWER.max(limits::SECURITY_QUESTION_CHARS).required(),
        ]),
        route!(POST "/lfscada/findpwd/account", findpwd::account, "findpwd.account", Public [],
        "Start a password recovery (captcha as login; 20 an address in 15 minutes, 1007): 1005 when the login name \
         does not exist; else {tel, email, question (null when not set up), expiresIn} and the HttpOnly recovery \
         cookie (15 minutes).", [
            text("loginname").max(limits::LOGIN_NAME_CHARS).required().doc("Login name"),
            text("vcode").required().doc("Captcha answer (showVcode)"),
        ]),
        route!(POST "/lfscada/findpwd/sendCode", findpwd::send_code, "findpwd.sendCode", Public [],
            "Send a recovery code to the account's verified phone or e-mail → {to, resendIn, expiresIn}; 1329 without a \
             live recovery.", [CHANNEL]),
        route!(POST "/lfscada/findpwd/verify", findpwd::verify, "findpwd.verify", Public [],
        "The recovery's identity check → {expiresIn}: a recovery code, or the security answer (5 wrong answers end \
         the recovery, 1329).", [
            METHOD.doc("tel, email or question"),
            CODE,
            ANSWER.doc("The security answer (method question)"),
        ]),
        route!(POST "/lfscada/findpwd/password", findpwd::password, "findpwd.password", Public [],
            "Set the new password once the check passed (1325 before); the recovery is used up and every session of \
             the account ends.", [NEW_PASSWORD]),
    ]
}
