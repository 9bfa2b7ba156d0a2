/**
 * What the server writes for people (notifications, e-mails, risk evidence, chat subtitles), in English: the source
 * every other language's catalogue follows key for key (catalogue.hi.ts), with i18next's placeholders and plural
 * suffixes (_one, _other).
 */
export const EN = {
  list: {
    /** Between the items of a list of names or words, and between sentences. */
    words: ', ',
    sentences: '. ',
  },
  names: {
    two: '{{first}} and {{last}}',
    more_one: '{{names}} and {{count}} other',
    more_other: '{{names}} and {{count}} others',
    aStudent: 'A student',
    withheld: 'Name withheld',
  },
  leaveType: {
    sick: 'Sick leave',
    casual: 'Casual leave',
    emergency: 'Emergency leave',
    vacation: 'Vacation leave',
  },
  leaveTypeInSentence: {
    sick: 'sick leave',
    casual: 'casual leave',
    emergency: 'emergency leave',
    vacation: 'vacation leave',
  },
  leaveComment: {
    approved: 'Approved',
    rejected: 'Rejected',
    approvedByAdmin: 'Approved by admin',
    rejectedByAdmin: 'Rejected by admin',
  },
  grievanceStatus: {
    pending: 'pending',
    'in-progress': 'in progress',
    resolved: 'resolved',
    rejected: 'rejected',
  },
  grievancePriority: {
    urgent: 'urgent',
    high: 'high',
    medium: 'medium',
    low: 'low',
  },
  grievanceResolution: {
    direct: 'Resolved through direct communication with the relevant department',
    escalated: 'Escalated to higher authorities',
    policy: 'Addressed through policy clarification and guidance',
    satisfactory: 'Resolved with satisfactory outcome for all parties',
  },
  notification: {
    leaveFiled: {
      title: '{{name}} asked for {{type}}',
      titleByGuardian: "{{name}}'s guardian asked for {{type}}",
      body: '{{start}} to {{end}}. It waits for your decision.',
    },
    leaveCancelled: {
      title: '{{name}} cancelled a leave request',
      titleApproved: '{{name}} cancelled an approved leave request',
      body: '{{type}}, {{start}} to {{end}}.',
    },
    leaveDecided: {
      titleApproved: 'Your leave request was approved',
      titleRejected: 'Your leave request was rejected',
      titleApprovedFor: 'The leave request for {{name}} was approved',
      titleRejectedFor: 'The leave request for {{name}} was rejected',
      body: '{{type}}, {{start}} to {{end}}. Comment: {{comment}}',
    },
    grievance: {
      noNumber: 'without a number',
      filedTitle: 'New grievance {{ticket}} "{{subject}}"',
      filedBodyAdmins: 'Sent to administrators only.',
      filedBodyMentor: 'It waits for your review.',
      filedMail: 'A grievance was filed: {{ticket}}. Sign in to the portal to read it.',
      receivedTitle: 'Your grievance {{ticket}} "{{subject}}" was received',
      receivedBodyAdmins: 'Only the administrators can see it.',
      receivedBodyMentor: 'Your mentor will review it. You are told of every change.',
      receivedMail: 'Your grievance {{ticket}} was received. Sign in to the portal to follow it.',
      statusTitle: 'Your grievance {{ticket}} "{{subject}}" is now {{status}}',
      statusResolution: 'Resolution: {{said}}',
      statusComment: 'Comment: {{said}}',
      statusMail: 'There is an update on your grievance {{ticket}}. Sign in to the portal to read it.',
      commentTitle: 'New comment on the grievance {{ticket}} "{{subject}}"',
      commentBody: '{{who}}: {{content}}',
      commentMail: 'A new comment on the grievance {{ticket}}. Sign in to the portal to read it.',
      reopenedTitle: 'Grievance {{ticket}} "{{subject}}" was reopened by the student',
      reopenedBody: 'Reason: {{reason}}',
      reopenedMail: 'Grievance {{ticket}} was reopened by the student. Sign in to the portal to read it.',
      escalatedTitle: 'Grievance {{ticket}} is past its deadline',
      escalatedBody: '"{{subject}}" ({{priority}} priority) is still {{status}}.',
      escalatedMail: 'Grievance {{ticket}} is past its deadline. Sign in to the portal to act on it.',
    },
    groupAdded: {
      title: 'You were added to the group "{{group}}"',
      body: 'By {{name}}. Its chat is open to you now.',
    },
    accountPending: {
      title: '{{name}} signed up as a mentor and awaits approval',
    },
    announcement: {
      title: 'New announcement: {{title}}',
      body: 'From {{name}}. {{content}}',
    },
    mentor: {
      firstTitle: 'You have a mentor',
      changedTitle: 'Your mentor has changed',
      body: 'Your mentor is now {{name}}.',
      menteeTitle: '{{name}} is now your mentee',
      menteeBody: 'Student ID {{studentId}}, class {{className}}-{{section}}.',
      noneTitle: 'You have no mentor for now',
      noneBody: 'The school will assign you a new mentor.',
      leftTitle: '{{name}} is no longer your mentee',
      leftBody: 'Their mentor is now {{name}}.',
      leftBodyNone: 'They have no mentor for now.',
    },
    absenceAnswered: {
      title: "{{name}}'s family answered the absence of {{day}}",
      titleWrongMark: "{{name}}'s family says the absence of {{day}} is a wrong mark",
      body: '{{who}}: {{reason}}',
      bodyNote: '{{who}}: {{reason}}. “{{note}}”',
    },
    messageReported: {
      title: 'A chat message was reported: {{reason}}',
      body: 'In {{conversation}}. Open the safeguarding queue to acknowledge it.',
      bodyNoLead:
        'In {{conversation}}. No safeguarding lead is designated, so every admin is told: designate one in User Management.',
    },
    risk: {
      oneBody: '{{evidence}}',
      oneTitle: '{{name}} needs a follow-up: {{kinds}}',
      manyTitle: '{{count}} students need a follow-up: {{names}}',
      manyBody: 'New signals: {{kinds}}.',
    },
  },
  risk: {
    kind: {
      consecutiveAbsences: 'absences in a row',
      lowAttendance: 'low attendance',
      attendanceDrop: 'attendance dropped',
      grievanceOpen: 'grievance waiting',
      repeatedLeave: 'repeated leave',
      noContact: 'no contact',
    },
    consecutiveAbsences_one: '{{count}} absence in a row: {{from}} to {{to}}',
    consecutiveAbsences_other: '{{count}} absences in a row: {{from}} to {{to}}',
    lowAttendance_one:
      'Attendance {{percentage}}% over the last {{count}} school day ({{marked}} marked), below {{below}}%',
    lowAttendance_other:
      'Attendance {{percentage}}% over the last {{count}} school days ({{marked}} marked), below {{below}}%',
    attendanceDrop:
      'Attendance fell {{drop}} points: {{before}}% to {{now}}% (last {{current}} school days against the {{previous}} before)',
    repeatedLeave_one: '{{count}} leave request in the last {{days}} days',
    repeatedLeave_other: '{{count}} leave requests in the last {{days}} days',
    grievanceOpen_one: 'A grievance has been open {{days}} days (over {{over}})',
    grievanceOpen_other: '{{count}} grievances have been open {{days}} days (over {{over}})',
    noContactSince: 'No contact logged for {{days}} days (last {{last}})',
    noContactEver: 'No contact logged in {{days}} days',
    confidential: 'Confidential: {{evidence}}',
  },
  absenceReason: {
    sick: 'Sick',
    other: 'Other reason',
    wrong_mark: 'This mark is wrong',
  },
  reportReason: {
    bullying: 'bullying',
    inappropriate: 'inappropriate',
    self_harm: 'self-harm concern',
    other: 'other',
  },
  chat: {
    members_one: '{{count}} member',
    members_other: '{{count}} members',
    mentee: '{{studentId}} · Class {{className}}-{{section}}',
    mentor: 'Your mentor · {{department}}',
    mentorNoDepartment: 'Your mentor',
    role: {
      admin: 'Administrator',
      mentor: 'Mentor',
      mentee: 'Student',
      guardian: 'Guardian',
    },
  },
  mail: {
    hello: 'Hello,',
    helloName: 'Hello {{name}},',
    openInPortal: 'Open it in the portal: {{url}}',
    preferences: 'You can choose which e-mails you receive under Notifications in the portal.',
    reset: {
      subject: 'Reset your Mentor Portal password',
      askedBySelf: 'Someone (we hope you) asked to reset the password of your Mentor Portal account.',
      askedByAdmin: 'Your school administrator sent you this link to set a new password.',
      open: 'Open this link within {{minutes}} minutes to choose a new password (it works once):',
      notYou: 'If it was not you, ignore this e-mail: your password stays as it is.',
    },
    welcome: {
      subject: 'Welcome to the Mentor Portal: choose your password',
      opened: 'Your school has opened a Mentor Portal account for you. Sign-in e-mail: {{email}}',
      open: 'Open this link within {{days}} days to choose your password (it works once):',
      expired:
        'If the link has expired, use "Forgot password" on the sign-in page or ask your administrator for a new one.',
    },
    invitation: {
      subject: 'Your invitation to the Mentor Portal as guardian of {{child}}',
      invited:
        'Your school invites you to the Mentor Portal as a guardian of {{child}}: you will see their attendance and leave, and can report an absence. Sign-in e-mail: {{email}}',
      open: 'Open this link within {{days}} days to choose your password (it works once):',
      expired: 'If the link has expired, ask the school office to send a new invitation.',
    },
    digest: {
      subject_one: 'Your daily summary from the Mentor Portal: {{count}} update',
      subject_other: 'Your daily summary from the Mentor Portal: {{count}} updates',
      intro: 'Here is what the school told you since the last summary:',
      open: 'Read them in the portal: {{url}}',
      chosen: 'You chose one summary a day; change it on your Profile in the portal.',
    },
    guardian: {
      subject: 'Absence: {{name}}, {{day}}',
      greeting: 'Dear parent or guardian,',
      absent: '{{name}} was marked absent from school on {{day}}.',
      answer:
        'Tell the school why (sick, another reason, or the mark is wrong) with this link, within 7 days (it works once):',
      contact: 'If you have any questions, please contact the school office at {{address}}.',
      automatic: 'This is an automatic message from the Mentor Portal.',
    },
  },
} as const;
