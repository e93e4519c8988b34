/**
 * The card account updater: runs (on demand per company, and monthly for every active company) that ask each
 * project's gateway what the card's issuer reports about stored tokens, apply it through the vault and record each
 * applied update; and E14, the report of those updates. Card data here is only ever last four digits and expiry.
 */
package com.paycore.cardupdater;
