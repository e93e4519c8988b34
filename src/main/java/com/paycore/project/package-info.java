/**
 * Projects: general and merchant information (E4, E7, E9, E11), user assignment and the pay-side project check. Owns
 * the projects and project_users tables and answers access control's {@link com.paycore.access.ProjectDirectory}; offers
 * {@link com.paycore.project.ProjectService} (whether a project takes transactions, as a
 * {@link com.paycore.project.TransactingProject}) and the {@link com.paycore.project.ProjectCreated} event.
 */
package com.paycore.project;
