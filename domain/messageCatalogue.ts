/**
 * The whole Italian catalogue: the shared texts (domain/messages.ts) and every area's (domain/messages/<area>.ts).
 * For code that must know every text (the server recognising a catalogue message in a validation issue), never for a
 * page: a page imports only its area's texts.
 */
import { messages } from './messages.ts';
import { accountMessages } from './messages/account.ts';
import { accountPageMessages } from './messages/accountPage.ts';
import { adminApplicationMessages } from './messages/adminApplication.ts';
import { adminPanelMessages } from './messages/adminPanel.ts';
import { apiReferenceMessages } from './messages/apiReference.ts';
import { applicationFormMessages } from './messages/applicationForm.ts';
import { applicationsMessages } from './messages/applications.ts';
import { bulkActionsMessages } from './messages/bulkActions.ts';
import { callClosingMessages } from './messages/callClosing.ts';
import { callWindowMessages } from './messages/callWindow.ts';
import { attachmentsMessages } from './messages/attachments.ts';
import { connectMessages } from './messages/connect.ts';
import { domandaMessages } from './messages/domanda.ts';
import { domandaSignatureMessages } from './messages/domandaSignature.ts';
import { fiscalCodeMessages } from './messages/fiscalCode.ts';
import { identityProviderMessages } from './messages/identityProvider.ts';
import { inputMessages } from './messages/input.ts';
import { evaluationMessages } from './messages/evaluation.ts';
import { evaluationProposalMessages } from './messages/evaluationProposal.ts';
import { exportsMessages } from './messages/exports.ts';
import { integrationMessages } from './messages/integration.ts';
import { integrationItemsMessages } from './messages/integrationItems.ts';
import { invitationMessages } from './messages/invitation.ts';
import { joinRequestMessages } from './messages/joinRequest.ts';
import { joinRequestMailMessages } from './messages/joinRequestMails.ts';
import { inviteMessages } from './messages/invite.ts';
import { lookupsMessages } from './messages/lookups.ts';
import { memberRoleMessages } from './messages/memberRoles.ts';
import { mailMessages } from './messages/mails.ts';
import { monitoringMessages } from './messages/monitoring.ts';
import { numbersMessages } from './messages/numbers.ts';
import { operationsMessages } from './messages/operations.ts';
import { organizationMessages } from './messages/organization.ts';
import { organizationAdminMessages } from './messages/organizationAdmin.ts';
import { organizationHistoryMessages } from './messages/organizationHistory.ts';
import { suspensionMessages } from './messages/suspension.ts';
import { passwordMessages } from './messages/password.ts';
import { profileMessages } from './messages/profile.ts';
import { receiptsMessages } from './messages/receipts.ts';
import { puiReferenceMessages } from './messages/puiReference.ts';
import { puiReferencesMessages } from './messages/puiReferences.ts';
import { registerOrganizationMessages } from './messages/registerOrganization.ts';
import { routeErrorMessages } from './messages/routeError.ts';
import { requestMessages } from './messages/requests.ts';
import { sessionMessages } from './messages/session.ts';
import { signatureChecksMessages } from './messages/signatureChecks.ts';
import { statusMailMessages } from './messages/statusMail.ts';
import { submissionMessages } from './messages/submission.ts';
import { surveyMessages } from './messages/survey.ts';
import { timelineMessages } from './messages/timeline.ts';
import { timelineCardMessages } from './messages/timelineCard.ts';
import { turReferencesMessages } from './messages/turReferences.ts';
import { wizardMessages } from './messages/wizard.ts';
import { wizardViewMessages } from './messages/wizardView.ts';

export const messageCatalogue = {
  ...messages,
  organization: organizationMessages,
  invitation: invitationMessages,
  joinRequest: joinRequestMessages,
  joinRequestMails: joinRequestMailMessages,
  account: accountMessages,
  password: passwordMessages,
  lookups: lookupsMessages,
  profile: profileMessages,
  invite: inviteMessages,
  accountPage: accountPageMessages,
  fiscalCode: fiscalCodeMessages,
  connect: connectMessages,
  registerOrganization: registerOrganizationMessages,
  applications: applicationsMessages,
  adminPanel: adminPanelMessages,
  adminApplication: adminApplicationMessages,
  applicationForm: applicationFormMessages,
  puiReference: puiReferenceMessages,
  submission: submissionMessages,
  turReferences: turReferencesMessages,
  puiReferences: puiReferencesMessages,
  integration: integrationMessages,
  integrationItems: integrationItemsMessages,
  survey: surveyMessages,
  timeline: timelineMessages,
  evaluation: evaluationMessages,
  evaluationProposal: evaluationProposalMessages,
  timelineCard: timelineCardMessages,
  monitoring: monitoringMessages,
  attachments: attachmentsMessages,
  wizardView: wizardViewMessages,
  wizard: wizardMessages,
  numbers: numbersMessages,
  operations: operationsMessages,
  input: inputMessages,
  apiReference: apiReferenceMessages,
  receipts: receiptsMessages,
  domanda: domandaMessages,
  statusMail: statusMailMessages,
  identityProvider: identityProviderMessages,
  requests: requestMessages,
  routeError: routeErrorMessages,
  session: sessionMessages,
  mails: mailMessages,
  exports: exportsMessages,
  organizationAdmin: organizationAdminMessages,
  organizationHistory: organizationHistoryMessages,
  suspension: suspensionMessages,
  memberRoles: memberRoleMessages,
  domandaSignature: domandaSignatureMessages,
  signatureChecks: signatureChecksMessages,
  callClosing: callClosingMessages,
  callWindow: callWindowMessages,
  bulkActions: bulkActionsMessages,
} as const;
