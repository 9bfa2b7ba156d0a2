import type { EN } from './catalogue.en';

/** A catalogue with every key of the English one and nothing else (the compiler checks it). */
export type Catalogue<T = typeof EN> = { -readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

/** What the server writes for people, in Hindi: in the register of the screens' Hindi catalogues. */
export const HI: Catalogue = {
  list: {
    words: ', ',
    sentences: '। ',
  },
  names: {
    two: '{{first}} और {{last}}',
    more_one: '{{names}} और {{count}} अन्य',
    more_other: '{{names}} और {{count}} अन्य',
    aStudent: 'एक छात्र',
    withheld: 'नाम छिपाया गया',
  },
  leaveType: {
    sick: 'बीमारी की छुट्टी',
    casual: 'आकस्मिक छुट्टी',
    emergency: 'आपातकालीन छुट्टी',
    vacation: 'अवकाश की छुट्टी',
  },
  leaveTypeInSentence: {
    sick: 'बीमारी की छुट्टी',
    casual: 'आकस्मिक छुट्टी',
    emergency: 'आपातकालीन छुट्टी',
    vacation: 'अवकाश की छुट्टी',
  },
  leaveComment: {
    approved: 'स्वीकृत',
    rejected: 'अस्वीकृत',
    approvedByAdmin: 'व्यवस्थापक द्वारा स्वीकृत',
    rejectedByAdmin: 'व्यवस्थापक द्वारा अस्वीकृत',
  },
  grievanceStatus: {
    pending: 'लंबित',
    'in-progress': 'प्रगति में',
    resolved: 'हल हो गई',
    rejected: 'अस्वीकृत',
  },
  grievancePriority: {
    urgent: 'अति आवश्यक',
    high: 'उच्च',
    medium: 'मध्यम',
    low: 'निम्न',
  },
  grievanceResolution: {
    direct: 'संबंधित विभाग से सीधी बातचीत द्वारा हल किया गया',
    escalated: 'उच्च अधिकारियों को आगे भेजा गया',
    policy: 'नीति के स्पष्टीकरण और मार्गदर्शन द्वारा हल किया गया',
    satisfactory: 'सभी पक्षों के लिए संतोषजनक परिणाम के साथ हल किया गया',
  },
  notification: {
    leaveFiled: {
      title: '{{name}} ने {{type}} का अनुरोध किया',
      body: '{{start}} से {{end}} तक। यह आपके निर्णय की प्रतीक्षा में है।',
    },
    leaveCancelled: {
      title: '{{name}} ने छुट्टी का एक अनुरोध रद्द किया',
      titleApproved: '{{name}} ने छुट्टी का एक स्वीकृत अनुरोध रद्द किया',
      body: '{{type}}, {{start}} से {{end}} तक।',
    },
    leaveDecided: {
      titleApproved: 'आपकी छुट्टी का अनुरोध स्वीकृत हुआ',
      titleRejected: 'आपकी छुट्टी का अनुरोध अस्वीकृत हुआ',
      body: '{{type}}, {{start}} से {{end}} तक। टिप्पणी: {{comment}}',
    },
    grievance: {
      noNumber: 'बिना संख्या की',
      filedTitle: 'नई शिकायत {{ticket}} "{{subject}}"',
      filedBodyAdmins: 'केवल व्यवस्थापकों को भेजी गई।',
      filedBodyMentor: 'यह आपकी समीक्षा की प्रतीक्षा में है।',
      filedMail: 'एक शिकायत दर्ज हुई: {{ticket}}। इसे पढ़ने के लिए पोर्टल में साइन इन करें।',
      receivedTitle: 'आपकी शिकायत {{ticket}} "{{subject}}" प्राप्त हुई',
      receivedBodyAdmins: 'इसे केवल व्यवस्थापक देख सकते हैं।',
      receivedBodyMentor: 'आपके मेंटर इसकी समीक्षा करेंगे। हर बदलाव की सूचना आपको मिलेगी।',
      receivedMail: 'आपकी शिकायत {{ticket}} प्राप्त हुई। इसकी स्थिति देखने के लिए पोर्टल में साइन इन करें।',
      statusTitle: 'आपकी शिकायत {{ticket}} "{{subject}}" अब {{status}} है',
      statusResolution: 'समाधान: {{said}}',
      statusComment: 'टिप्पणी: {{said}}',
      statusMail: 'आपकी शिकायत {{ticket}} पर नई जानकारी है। इसे पढ़ने के लिए पोर्टल में साइन इन करें।',
      commentTitle: 'शिकायत {{ticket}} "{{subject}}" पर नई टिप्पणी',
      commentBody: '{{who}}: {{content}}',
      commentMail: 'शिकायत {{ticket}} पर एक नई टिप्पणी है। इसे पढ़ने के लिए पोर्टल में साइन इन करें।',
      reopenedTitle: 'छात्र ने शिकायत {{ticket}} "{{subject}}" फिर से खोली',
      reopenedBody: 'कारण: {{reason}}',
      reopenedMail: 'छात्र ने शिकायत {{ticket}} फिर से खोली। इसे पढ़ने के लिए पोर्टल में साइन इन करें।',
      escalatedTitle: 'शिकायत {{ticket}} की समय-सीमा बीत गई है',
      escalatedBody: '"{{subject}}" ({{priority}} प्राथमिकता) अब भी {{status}} है।',
      escalatedMail: 'शिकायत {{ticket}} की समय-सीमा बीत गई है। कार्रवाई के लिए पोर्टल में साइन इन करें।',
    },
    groupAdded: {
      title: 'आपको समूह "{{group}}" में जोड़ा गया',
      body: '{{name}} द्वारा। इसकी चैट अब आपके लिए खुली है।',
    },
    accountPending: {
      title: '{{name}} ने मेंटर के रूप में साइन अप किया है और स्वीकृति की प्रतीक्षा में हैं',
    },
    announcement: {
      title: 'नई घोषणा: {{title}}',
      body: '{{name}} की ओर से। {{content}}',
    },
    mentor: {
      firstTitle: 'आपको मेंटर मिल गए हैं',
      changedTitle: 'आपके मेंटर बदल गए हैं',
      body: 'अब आपके मेंटर {{name}} हैं।',
      menteeTitle: '{{name}} अब आपके छात्र हैं',
      menteeBody: 'छात्र आईडी {{studentId}}, कक्षा {{className}}-{{section}}।',
      noneTitle: 'अभी आपके कोई मेंटर नहीं हैं',
      noneBody: 'स्कूल आपको नए मेंटर आवंटित करेगा।',
      leftTitle: '{{name}} अब आपके छात्र नहीं हैं',
      leftBody: 'अब उनके मेंटर {{name}} हैं।',
      leftBodyNone: 'अभी उनके कोई मेंटर नहीं हैं।',
    },
    risk: {
      oneBody: '{{evidence}}',
      oneTitle: '{{name}} को फ़ॉलो-अप की ज़रूरत है: {{kinds}}',
      manyTitle: '{{count}} छात्रों को फ़ॉलो-अप की ज़रूरत है: {{names}}',
      manyBody: 'नए संकेत: {{kinds}}।',
    },
  },
  risk: {
    kind: {
      consecutiveAbsences: 'लगातार अनुपस्थिति',
      lowAttendance: 'कम उपस्थिति',
      attendanceDrop: 'उपस्थिति घटी',
      grievanceOpen: 'शिकायत लंबित',
      repeatedLeave: 'बार-बार छुट्टी',
      noContact: 'कोई संपर्क नहीं',
    },
    consecutiveAbsences_one: 'लगातार {{count}} दिन अनुपस्थित: {{from}} से {{to}} तक',
    consecutiveAbsences_other: 'लगातार {{count}} दिन अनुपस्थित: {{from}} से {{to}} तक',
    lowAttendance_one: 'पिछले {{count}} स्कूल के दिन में उपस्थिति {{percentage}}% ({{marked}} दर्ज), {{below}}% से कम',
    lowAttendance_other: 'पिछले {{count}} स्कूल के दिनों में उपस्थिति {{percentage}}% ({{marked}} दर्ज), {{below}}% से कम',
    attendanceDrop:
      'उपस्थिति {{drop}} अंक घटी: {{before}}% से {{now}}% (पिछले {{current}} स्कूल के दिन, उनसे पहले के {{previous}} दिनों की तुलना में)',
    repeatedLeave_one: 'पिछले {{days}} दिनों में छुट्टी का {{count}} अनुरोध',
    repeatedLeave_other: 'पिछले {{days}} दिनों में छुट्टी के {{count}} अनुरोध',
    grievanceOpen_one: 'एक शिकायत {{days}} दिन से खुली है ({{over}} से अधिक)',
    grievanceOpen_other: '{{count}} शिकायतें {{days}} दिन से खुली हैं ({{over}} से अधिक)',
    noContactSince: '{{days}} दिन से कोई संपर्क दर्ज नहीं (अंतिम {{last}})',
    noContactEver: '{{days}} दिनों में कोई संपर्क दर्ज नहीं',
    confidential: 'गोपनीय: {{evidence}}',
  },
  chat: {
    members_one: '{{count}} सदस्य',
    members_other: '{{count}} सदस्य',
    mentee: '{{studentId}} · कक्षा {{className}}-{{section}}',
    mentor: 'आपके मेंटर · {{department}}',
    mentorNoDepartment: 'आपके मेंटर',
    role: {
      admin: 'व्यवस्थापक',
      mentor: 'मेंटर',
      mentee: 'छात्र',
      guardian: 'अभिभावक',
    },
  },
  mail: {
    hello: 'नमस्ते,',
    helloName: 'नमस्ते {{name}},',
    openInPortal: 'इसे पोर्टल में खोलें: {{url}}',
    preferences: 'कौन-से ई-मेल आपको मिलें, यह आप पोर्टल में सूचनाएँ के अंतर्गत चुन सकते हैं।',
    reset: {
      subject: 'अपने मेंटर पोर्टल का पासवर्ड रीसेट करें',
      askedBySelf: 'किसी ने (आशा है आपने) आपके मेंटर पोर्टल खाते का पासवर्ड रीसेट करने का अनुरोध किया है।',
      askedByAdmin: 'आपके स्कूल के व्यवस्थापक ने नया पासवर्ड सेट करने के लिए आपको यह लिंक भेजा है।',
      open: 'नया पासवर्ड चुनने के लिए {{minutes}} मिनट के भीतर यह लिंक खोलें (यह एक ही बार काम करता है):',
      notYou: 'अगर यह आपने नहीं किया, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वैसा ही रहेगा।',
    },
    welcome: {
      subject: 'मेंटर पोर्टल में आपका स्वागत है: अपना पासवर्ड चुनें',
      opened: 'आपके स्कूल ने आपके लिए मेंटर पोर्टल खाता खोला है। साइन इन ई-मेल: {{email}}',
      open: 'अपना पासवर्ड चुनने के लिए {{days}} दिनों के भीतर यह लिंक खोलें (यह एक ही बार काम करता है):',
      expired:
        'अगर लिंक की अवधि समाप्त हो गई है, तो साइन इन पेज पर "पासवर्ड भूल गए" का उपयोग करें या अपने व्यवस्थापक से नया लिंक माँगें।',
    },
    invitation: {
      subject: '{{child}} के अभिभावक के रूप में मेंटर पोर्टल का आपका निमंत्रण',
      invited:
        'आपका स्कूल आपको {{child}} के अभिभावक के रूप में मेंटर पोर्टल पर आमंत्रित करता है: आप उनकी उपस्थिति और छुट्टी देख सकेंगे और अनुपस्थिति की सूचना दे सकेंगे। साइन इन ई-मेल: {{email}}',
      open: 'अपना पासवर्ड चुनने के लिए {{days}} दिनों के भीतर यह लिंक खोलें (यह एक ही बार काम करता है):',
      expired: 'अगर लिंक की अवधि समाप्त हो गई है, तो स्कूल कार्यालय से नया निमंत्रण भेजने को कहें।',
    },
    guardian: {
      subject: 'अनुपस्थिति: {{name}}, {{day}}',
      greeting: 'आदरणीय माता-पिता या अभिभावक,',
      absent: '{{name}} को {{day}} को स्कूल में अनुपस्थित दर्ज किया गया।',
      contact: 'यदि आपका कोई प्रश्न हो, तो कृपया स्कूल कार्यालय से {{address}} पर संपर्क करें।',
      automatic: 'यह मेंटर पोर्टल का एक स्वचालित संदेश है।',
    },
  },
};
