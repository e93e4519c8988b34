/**
 * Projects: general and merchant information (E4, E7, E9, E11), user assignment and the pay-side project check. Owns
 * the projects and project_users tables and answers access control's {@link com.paycore.access.ProjectDirectory}; offers
 * {@link com.paycore.project.ProjectService} (a project's reference, and for jobs the processor routes of a
 * company's projects). A new project gets its first key from
 * {@link com.paycore.apikey.ApiKeyService}.
 */
package com.paycore.project;
