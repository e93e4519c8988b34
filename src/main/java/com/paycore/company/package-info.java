/**
 * Companies (E8) and their users (memberships with a role, E5), with the rule that a company keeps an active Admin. Owns the
 * companies and company_users tables and answers access control's {@link com.paycore.access.CompanyDirectory}; offers
 * {@link com.paycore.company.CompanyService} alone (active companies, for jobs; a company's name, membership and
 * joining, for invitations).
 */
package com.paycore.company;
