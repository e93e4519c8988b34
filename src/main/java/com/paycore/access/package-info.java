/**
 * Who is calling and what they may reach: the request's {@link com.paycore.access.Caller} (admin token) or
 * {@link com.paycore.access.ProjectCaller} (project API key), and the tenancy checks every feature asks
 * ({@link com.paycore.access.CompanyAccess}, {@link com.paycore.access.ProjectAccess}). It reads companies and projects
 * through two ports the company and project features answer, so it depends on no feature and sits low in the stack.
 */
package com.paycore.access;
