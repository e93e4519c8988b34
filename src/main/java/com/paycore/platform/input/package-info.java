/**
 * Reading what a request sends: strict JSON bodies ({@link RequestBodies}, {@link Bodies}, {@link Aliases},
 * {@link Fields}, {@link OptionalBody}), query and path parameters (names without regard to case and their aliases,
 * {@link QueryParameterNames}, {@link QueryAlias}; strict converters, {@link StrictParamConverters}, for
 * {@link Ids} and {@link Times}) and email addresses ({@link Emails}, {@link EmailAddress}). What it refuses it
 * refuses with the {@code web} room's {@code AppException}; it uses no other room.
 */
package com.paycore.platform.input;
