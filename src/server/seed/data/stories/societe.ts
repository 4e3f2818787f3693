import { arCount, arNum, fde, frNum } from '../../text.ts';
import { g, type StoryTemplate, type TopicText } from '../types.ts';

const BEDS = { one: 'سرير', two: 'سريرين', few: 'أسرة', many: 'سريرا' };

export const SOCIETE: StoryTemplate[] = [
  {
    key: 'markaz-istishfai',
    master: 'societe',
    child: 'sante',
    tags: ['sante-publique'],
    video: true,
    build: (v) => {
      const beds = 100 + v.two * 5;
      return {
        title: {
          ar: `${v.city.ar}: افتتاح مركز استشفائي جديد بطاقة استيعابية تبلغ ${arCount(beds, BEDS)}`,
          fr: `${v.city.fr} : ouverture d'un nouveau centre hospitalier de ${beds} lits`,
        },
        subtitle: {
          ar: 'مصالح متخصصة وتجهيزات حديثة لتقريب العلاج من سكان المدينة والأقاليم المجاورة.',
          fr: 'Services spécialisés et équipements modernes pour rapprocher les soins des habitants de la ville et des provinces voisines.',
        },
        lead: {
          ar: `فتح المركز الاستشفائي الجديد بمدينة ${v.city.ar} أبوابه أمام المرضى، بطاقة استيعابية تبلغ ${arCount(beds, BEDS)}، وبكلفة إجمالية ناهزت ${v.big} مليون درهم، في إطار تأهيل العرض الصحي على المستوى الجهوي.`,
          fr: `Le nouveau centre hospitalier ${fde(v.city.fr)} a ouvert ses portes aux patients. D'une capacité de ${beds} lits, il a coûté près de ${v.big} millions de dirhams et s'inscrit dans la mise à niveau de l'offre de soins régionale.`,
        },
        h2: { ar: 'مصالح جديدة', fr: 'De nouveaux services' },
        detail: {
          ar: 'ويضم المركز مصلحة للمستعجلات ووحدات للإنعاش وطب الأطفال وأمراض القلب وتصفية الدم، إضافة إلى جناح للولادة وقاعات للعمليات مجهزة بأحدث التقنيات. كما جرى تعزيز الموارد البشرية بأطباء وممرضين جدد.',
          fr: "L'établissement comprend des urgences, des unités de réanimation, de pédiatrie, de cardiologie et d'hémodialyse, une maternité et des blocs opératoires dotés d'équipements de dernière génération. De nouveaux médecins et infirmiers ont été affectés.",
        },
        quote: {
          ar: 'كان المرضى يقطعون مئات الكيلومترات لإجراء بعض الفحوصات. اليوم أصبحت هذه الخدمات متاحة هنا.',
          fr: 'Les patients parcouraient des centaines de kilomètres pour certains examens. Ces prestations sont désormais disponibles ici.',
        },
        quoteBy: { ar: `الدكتور${g(v.person, '', 'ة')} ${v.person.ar}، ${g(v.person, 'مدير', 'مديرة')} المركز`, fr: `${g(v.person, 'Le Dr', 'La Dre')} ${v.person.fr}, ${g(v.person, 'directeur', 'directrice')} du centre` },
      };
    },
  },
  {
    key: 'hamlat-sukkari',
    master: 'societe',
    child: 'sante',
    tags: ['sante-publique', 'monde-rural'],
    build: (v) => {
      const n = v.big * 10;
      return {
        title: {
          ar: `حملة للكشف المبكر عن داء السكري لفائدة ${arNum(n)} مستفيد في إقليم ${v.city.ar}`,
          fr: `Diabète : une campagne de dépistage au profit de ${frNum(n)} personnes dans la province ${fde(v.city.fr)}`,
        },
        subtitle: {
          ar: 'وحدات طبية متنقلة تجوب الجماعات القروية لتقريب الفحوصات المجانية من السكان.',
          fr: 'Des unités médicales mobiles sillonnent les communes rurales pour proposer des examens gratuits.',
        },
        lead: {
          ar: `أطلقت المديرية الجهوية للصحة حملة للكشف المبكر عن داء السكري وارتفاع ضغط الدم، تستهدف ${arNum(n)} مستفيد ومستفيدة بإقليم ${v.city.ar}، خاصة في الجماعات القروية والمناطق البعيدة عن المراكز الصحية.`,
          fr: `La direction régionale de la santé a lancé une campagne de dépistage du diabète et de l'hypertension ciblant ${frNum(n)} personnes dans la province ${fde(v.city.fr)}, en particulier dans les communes rurales éloignées des centres de santé.`,
        },
        h2: { ar: 'الوقاية أولا', fr: "La prévention d'abord" },
        detail: {
          ar: `ويشرف على الحملة ${arCount(v.two, { one: 'إطار صحي', two: 'إطارين صحيين', few: 'أطر صحية', many: 'إطارا صحيا' })} بين أطباء وممرضين، يقدمون فحوصات مجانية ونصائح حول التغذية السليمة والنشاط البدني، مع توجيه الحالات المؤكدة نحو المراكز الصحية لضمان تتبعها.`,
          fr: `${v.two} professionnels de santé, médecins et infirmiers, assurent des examens gratuits et des conseils sur l'alimentation et l'activité physique. Les cas confirmés sont orientés vers les centres de santé pour un suivi régulier.`,
        },
        quote: {
          ar: 'كثير من المرضى يكتشفون إصابتهم متأخرين. الكشف المبكر يجنبهم مضاعفات خطيرة.',
          fr: 'Beaucoup de patients découvrent leur maladie tardivement. Le dépistage précoce leur évite des complications graves.',
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'طبيب', 'طبيبة')} عام${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, ${g(v.person, 'médecin généraliste', 'médecin généraliste')}` },
      };
    },
  },
  {
    key: 'madaris-riyada',
    master: 'societe',
    child: 'education',
    tags: ['enseignement'],
    build: (v) => ({
      title: {
        ar: `مدارس الريادة: انضمام ${arCount(v.two, { one: 'مؤسسة', two: 'مؤسستين', few: 'مؤسسات', many: 'مؤسسة' })} تعليمية في ${v.city.ar} إلى البرنامج`,
        fr: `Écoles pionnières : ${v.two} établissements ${fde(v.city.fr)} rejoignent le programme`,
      },
      subtitle: {
        ar: 'مقاربة بيداغوجية جديدة تركز على التعلمات الأساس ودعم التلاميذ المتعثرين.',
        fr: 'Une nouvelle approche pédagogique centrée sur les apprentissages fondamentaux et le soutien aux élèves en difficulté.',
      },
      lead: {
        ar: `التحقت ${arCount(v.two, { one: 'مؤسسة', two: 'مؤسستين', few: 'مؤسسات', many: 'مؤسسة' })} تعليمية بمدينة ${v.city.ar} ونواحيها ببرنامج «مدارس الريادة»، الذي يعتمد التدريس وفق المستوى المناسب وتتبع تعلمات كل تلميذ بشكل دقيق.`,
        fr: `${v.two} établissements ${fde(v.city.fr)} et de ses environs ont rejoint le programme des « écoles pionnières », qui repose sur l'enseignement adapté au niveau de chaque élève et le suivi précis de ses acquis.`,
      },
      h2: { ar: 'نتائج مشجعة', fr: 'Des résultats encourageants' },
      detail: {
        ar: `وأظهرت التقييمات الأولية تحسنا في مستوى القراءة والحساب بنسبة ${v.pct} في المائة لدى تلاميذ المؤسسات التي اعتمدت البرنامج في الموسم الماضي، وفق معطيات الأكاديمية الجهوية للتربية والتكوين.`,
        fr: `Les premières évaluations montrent une amélioration de ${v.pct} % en lecture et en calcul chez les élèves des établissements engagés l'an dernier, selon l'académie régionale d'éducation et de formation.`,
      },
      quote: {
        ar: 'التلاميذ أصبحوا أكثر ثقة بأنفسهم، والأساتذة يتوفرون على أدوات واضحة لتتبع التقدم.',
        fr: 'Les élèves ont gagné en confiance et les enseignants disposent d’outils clairs pour suivre les progrès.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مدير', 'مديرة')} مؤسسة ابتدائية`, fr: `${v.person.fr}, ${g(v.person, 'directeur', 'directrice')} d'école primaire` },
      bullets: [
        { ar: 'حصص للدعم المكثف في بداية السنة', fr: "Des séances de soutien intensif en début d'année" },
        { ar: 'تكوين مستمر لفائدة الأساتذة', fr: 'Une formation continue pour les enseignants' },
        { ar: 'موارد رقمية داخل الأقسام', fr: 'Des ressources numériques en classe' },
      ],
    }),
  },
  {
    key: 'jamia-masalik',
    master: 'societe',
    child: 'education',
    tags: ['enseignement', 'emploi'],
    cities: ['casablanca', 'rabat', 'marrakech', 'fes', 'tanger', 'agadir', 'meknes', 'oujda', 'kenitra', 'el-jadida', 'beni-mellal', 'settat', 'tetouan', 'safi'],
    build: (v) => ({
      title: {
        ar: `التعليم العالي: فتح ${arCount(v.small, { one: 'مسلك', two: 'مسلكين', few: 'مسالك', many: 'مسلكا' })} جديدة بجامعة ${v.city.ar} في مجالات الرقمنة والطاقة`,
        fr: `Enseignement supérieur : l'université ${fde(v.city.fr)} ouvre ${v.small} nouvelles filières dans le numérique et l'énergie`,
      },
      subtitle: {
        ar: 'تكوينات ممهننة أعدت بشراكة مع المقاولات لتسهيل إدماج الخريجين في سوق الشغل.',
        fr: "Des formations professionnalisantes conçues avec les entreprises pour faciliter l'insertion des diplômés.",
      },
      lead: {
        ar: `أعلنت جامعة ${v.city.ar} عن فتح ${arCount(v.small, { one: 'مسلك', two: 'مسلكين', few: 'مسالك', many: 'مسلكا' })} جديدة خلال هذا الموسم الجامعي، تهم الذكاء الاصطناعي وعلوم البيانات والطاقات المتجددة والهندسة المائية.`,
        fr: `L'université ${fde(v.city.fr)} ouvre cette année ${v.small} nouvelles filières consacrées à l'intelligence artificielle, à la science des données, aux énergies renouvelables et à l'ingénierie de l'eau.`,
      },
      h2: { ar: 'شراكة مع المقاولات', fr: 'Un partenariat avec les entreprises' },
      detail: {
        ar: `وتعتمد هذه المسالك على تداريب إلزامية داخل المقاولات، ومشاريع تطبيقية يؤطرها مهنيون، بطاقة استيعابية إجمالية تبلغ ${arNum(v.big)} طالب وطالبة في السنة الأولى.`,
        fr: `Ces cursus intègrent des stages obligatoires en entreprise et des projets encadrés par des professionnels, pour une capacité totale de ${frNum(v.big)} étudiants en première année.`,
      },
      quote: {
        ar: 'نريد أن يحصل الطالب على شهادة، ولكن أيضا على مهارات يطلبها سوق الشغل اليوم.',
        fr: "Nous voulons que l'étudiant obtienne un diplôme, mais aussi les compétences que le marché du travail demande aujourd'hui.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'عميد', 'عميدة')} كلية العلوم`, fr: `${v.person.fr}, ${g(v.person, 'doyen', 'doyenne')} de la faculté des sciences` },
    }),
  },
  {
    key: 'daam-mubashir',
    master: 'societe',
    tags: ['emploi'],
    build: (v) => {
      const n = v.big * 10;
      return {
        title: {
          ar: `الدعم الاجتماعي المباشر: ${arNum(n)} أسرة في إقليم ${v.city.ar} تستفيد من البرنامج`,
          fr: `Aide sociale directe : ${frNum(n)} familles de la province ${fde(v.city.fr)} bénéficiaires`,
        },
        subtitle: {
          ar: 'الإعانات الشهرية تشمل الأطفال المتمدرسين والأشخاص المسنين والأسر في وضعية هشاشة.',
          fr: 'Les allocations mensuelles concernent les enfants scolarisés, les personnes âgées et les ménages vulnérables.',
        },
        lead: {
          ar: `بلغ عدد الأسر المستفيدة من برنامج الدعم الاجتماعي المباشر بإقليم ${v.city.ar} ${arNum(n)} أسرة، وفق معطيات قدمت خلال اجتماع للجنة الإقليمية للتنمية البشرية.`,
          fr: `${frNum(n)} familles de la province ${fde(v.city.fr)} bénéficient du programme d'aide sociale directe, selon les chiffres présentés lors d'une réunion du comité provincial du développement humain.`,
        },
        h2: { ar: 'كيف يتم الاستهداف؟', fr: 'Comment se fait le ciblage ?' },
        detail: {
          ar: 'ويعتمد البرنامج على السجل الاجتماعي الموحد لتحديد الأسر المستحقة وفق مؤشر اجتماعي واقتصادي، فيما يتم صرف الإعانات شهريا عبر وكالات الأداء أو التحويلات البنكية.',
          fr: "Le programme s'appuie sur le Registre social unifié pour identifier les ménages éligibles selon un indice socio-économique. Les aides sont versées chaque mois via les agences de paiement ou par virement.",
        },
        quote: {
          ar: 'هذا الدعم ساعدني على إبقاء أطفالي في المدرسة وتغطية جزء من المصاريف اليومية.',
          fr: "Cette aide m'a permis de garder mes enfants à l'école et de couvrir une partie des dépenses du quotidien.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'أب', 'أم')} لثلاثة أطفال`, fr: `${v.person.fr}, ${g(v.person, 'père', 'mère')} de trois enfants` },
      };
    },
  },
  {
    key: 'taawuniya-nisaiya',
    master: 'societe',
    tags: ['artisanat', 'emploi'],
    video: true,
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: نساء حرفيات يؤسسن تعاونية تضم ${arCount(v.two, { one: 'عضوة', two: 'عضوتين', few: 'عضوات', many: 'عضوة' })}`,
        fr: `${v.city.fr} : des artisanes fondent une coopérative de ${v.two} membres`,
      },
      subtitle: {
        ar: 'النسيج والطرز والفخار: منتجات محلية تبحث عن أسواق جديدة بفضل التجارة الإلكترونية.',
        fr: 'Tissage, broderie, poterie : des produits locaux à la conquête de nouveaux marchés grâce au commerce en ligne.',
      },
      lead: {
        ar: `قررت ${arCount(v.two, { one: 'حرفية', two: 'حرفيتين', few: 'حرفيات', many: 'حرفية' })} من ${v.city.ar} توحيد جهودهن داخل تعاونية، لتسويق منتجات النسيج والطرز التقليدي مباشرة دون وسطاء، بدعم من المبادرة الوطنية للتنمية البشرية.`,
        fr: `${v.two} artisanes ${fde(v.city.fr)} ont décidé d'unir leurs forces au sein d'une coopérative pour vendre directement, sans intermédiaires, leurs tissages et broderies traditionnelles, avec l'appui de l'Initiative nationale pour le développement humain.`,
      },
      h2: { ar: 'من الورشة إلى الإنترنت', fr: "De l'atelier à Internet" },
      detail: {
        ar: `واستفادت العضوات من تكوين في التسويق الرقمي والتغليف، ما مكن التعاونية من رفع رقم معاملاتها بنسبة ${v.pct} في المائة خلال سنة واحدة، وتلقي طلبيات من مدن مغربية ومن الخارج.`,
        fr: `Les membres ont été formées au marketing numérique et au conditionnement, ce qui a permis à la coopérative d'augmenter son chiffre d'affaires de ${v.pct} % en un an et de recevoir des commandes d'autres villes du Maroc et de l'étranger.`,
      },
      quote: {
        ar: 'كنا نعمل كل واحدة في بيتها. اليوم نتقاسم الخبرة ونحدد الأسعار بشكل عادل.',
        fr: 'Chacune travaillait chez elle. Aujourd’hui, nous partageons notre savoir-faire et fixons des prix justes.',
      },
      quoteBy: { ar: `${v.person.ar}، رئيسة التعاونية`, fr: `${v.person.fr}, présidente de la coopérative` },
    }),
  },
  {
    key: 'mouharabat-oumiya',
    master: 'societe',
    child: 'education',
    tags: ['enseignement'],
    build: (v) => {
      const n = v.big * 10;
      return {
        title: {
          ar: `محاربة الأمية: ${arNum(n)} مستفيد ومستفيدة في ${v.city.ar} خلال الموسم الحالي`,
          fr: `Alphabétisation : ${frNum(n)} bénéficiaires à ${v.city.fr} cette saison`,
        },
        subtitle: {
          ar: 'دروس في المساجد والجمعيات والمقاولات، وأغلب المستفيدين من النساء.',
          fr: 'Des cours dans les mosquées, les associations et les entreprises, suivis en majorité par des femmes.',
        },
        lead: {
          ar: `انطلق الموسم الجديد لبرامج محاربة الأمية في ${v.city.ar} بمشاركة ${arNum(n)} مستفيد ومستفيدة، موزعين على المساجد ومقرات الجمعيات وعدد من المقاولات، حسب الوكالة الوطنية لمحاربة الأمية.`,
          fr: `La nouvelle saison des programmes d'alphabétisation a démarré à ${v.city.fr} avec ${frNum(n)} bénéficiaires répartis entre les mosquées, les associations et plusieurs entreprises, selon l'Agence nationale de lutte contre l'analphabétisme.`,
        },
        h2: { ar: 'تعلم مدى الحياة', fr: 'Apprendre à tout âge' },
        detail: {
          ar: `وتمثل النساء ${60 + (v.pct % 30)} في المائة من المستفيدين، فيما تم إدماج وحدات حول الثقافة المالية والرقمية لمساعدة المتعلمين على استعمال الخدمات الإدارية والبنكية عبر الهاتف.`,
          fr: `Les femmes représentent ${60 + (v.pct % 30)} % des inscrits. Des modules d'éducation financière et numérique ont été ajoutés pour aider les apprenants à utiliser les services administratifs et bancaires sur téléphone.`,
        },
        quote: {
          ar: 'في سن الخمسين تعلمت قراءة الرسائل وملء الاستمارات وحدي. إنه شعور لا يوصف.',
          fr: "À cinquante ans, j'ai appris à lire mes lettres et à remplir seule les formulaires. C'est un sentiment indescriptible.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مستفيد', 'مستفيدة')}`, fr: `${v.person.fr}, ${g(v.person, 'bénéficiaire', 'bénéficiaire')}` },
      };
    },
  },
  {
    key: 'hafilat-ijaqa',
    master: 'societe',
    tags: ['transport'],
    cities: ['casablanca', 'rabat', 'marrakech', 'fes', 'tanger', 'agadir', 'meknes', 'oujda', 'kenitra', 'tetouan', 'sale', 'mohammedia'],
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: ${arCount(v.two, { one: 'حافلة', two: 'حافلتين', few: 'حافلات', many: 'حافلة' })} جديدة مجهزة لولوج الأشخاص في وضعية إعاقة`,
        fr: `${v.city.fr} : ${v.two} nouveaux bus accessibles aux personnes à mobilité réduite`,
      },
      subtitle: {
        ar: 'أرضيات منخفضة ومنحدرات وإعلانات صوتية للمحطات: خطوة نحو نقل حضري دامج.',
        fr: 'Planchers bas, rampes et annonces sonores des arrêts : un pas vers un transport urbain inclusif.',
      },
      lead: {
        ar: `عززت شركة النقل الحضري بمدينة ${v.city.ar} أسطولها بـ${arCount(v.two, { one: 'حافلة', two: 'حافلتين', few: 'حافلات', many: 'حافلة' })} جديدة مجهزة بأرضيات منخفضة ومنحدرات كهربائية، لتسهيل تنقل الأشخاص في وضعية إعاقة والمسنين والأسر المرفوقة بعربات الأطفال.`,
        fr: `L'opérateur de transport urbain ${fde(v.city.fr)} a renforcé sa flotte de ${v.two} bus à plancher bas équipés de rampes électriques, pour faciliter les déplacements des personnes handicapées, des seniors et des parents avec poussette.`,
      },
      h2: { ar: 'مطالب الجمعيات', fr: 'Les attentes des associations' },
      detail: {
        ar: 'ورحبت جمعيات الأشخاص في وضعية إعاقة بهذه الخطوة، مطالبة بتعميم التجهيزات على جميع الخطوط وتكوين السائقين على استقبال هذه الفئة، وتهيئة المحطات والأرصفة المؤدية إليها.',
        fr: 'Les associations de personnes handicapées saluent cette avancée et demandent la généralisation des équipements à toutes les lignes, la formation des chauffeurs et l’aménagement des arrêts et des trottoirs qui y mènent.',
      },
      quote: {
        ar: 'التنقل حق للجميع. عندما تكون الحافلة ملائمة، أستطيع الذهاب إلى العمل دون الاعتماد على أحد.',
        fr: "Se déplacer est un droit pour tous. Quand le bus est adapté, je peux aller travailler sans dépendre de personne.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'فاعل', 'فاعلة')} جمعوي${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, ${g(v.person, 'militant associatif', 'militante associative')}` },
    }),
  },
  {
    key: 'mudun-bidun-safih',
    master: 'societe',
    tags: ['immobilier'],
    build: (v) => {
      const n = v.big * 10;
      return {
        title: {
          ar: `مدن بدون صفيح: إعادة إيواء ${arNum(n)} أسرة في ${v.city.ar}`,
          fr: `Villes sans bidonvilles : ${frNum(n)} ménages relogés à ${v.city.fr}`,
        },
        subtitle: {
          ar: 'شقق اقتصادية وبقع أرضية مجهزة لفائدة قاطني دور الصفيح، مع مواكبة اجتماعية للأسر.',
          fr: 'Logements économiques et lots viabilisés pour les habitants des bidonvilles, avec un accompagnement social des familles.',
        },
        lead: {
          ar: `استفادت ${arNum(n)} أسرة من عملية إعادة الإيواء بمدينة ${v.city.ar}، في إطار برنامج «مدن بدون صفيح»، حيث تم نقلها إلى تجزئات سكنية مجهزة بالماء والكهرباء والتطهير والمرافق العمومية.`,
          fr: `${frNum(n)} ménages ont été relogés à ${v.city.fr} dans le cadre du programme « Villes sans bidonvilles », dans des lotissements raccordés à l'eau, à l'électricité et à l'assainissement, et dotés d'équipements publics.`,
        },
        h2: { ar: 'مرافق القرب', fr: 'Des équipements de proximité' },
        detail: {
          ar: `وتضم الأحياء الجديدة مدارس ومراكز صحية وفضاءات خضراء، فيما تم هدم ${arCount(v.two, { one: 'تجمع', two: 'تجمعين', few: 'تجمعات', many: 'تجمعا' })} صفيحيا وتحرير الأوعية العقارية لإنجاز مشاريع تنموية.`,
          fr: `Les nouveaux quartiers comptent des écoles, des centres de santé et des espaces verts. ${v.two} bidonvilles ont été démolis et les terrains libérés accueilleront des projets de développement.`,
        },
        quote: {
          ar: 'عشنا عشرين سنة بدون ماء ولا كهرباء في البيت. اليوم أبنائي يراجعون دروسهم في غرفة خاصة بهم.',
          fr: "Nous avons vécu vingt ans sans eau ni électricité à la maison. Aujourd'hui, mes enfants révisent dans leur propre chambre.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مستفيد', 'مستفيدة')} من البرنامج`, fr: `${v.person.fr}, ${g(v.person, 'bénéficiaire', 'bénéficiaire')} du programme` },
      };
    },
  },
  {
    key: 'naql-madrasi',
    master: 'societe',
    child: 'education',
    tags: ['enseignement', 'monde-rural'],
    build: (v) => ({
      title: {
        ar: `النقل المدرسي: ${arCount(v.two, { one: 'حافلة', two: 'حافلتين', few: 'حافلات', many: 'حافلة' })} جديدة لفائدة تلاميذ العالم القروي بإقليم ${v.city.ar}`,
        fr: `Transport scolaire : ${v.two} nouveaux bus pour les élèves ruraux de la province ${fde(v.city.fr)}`,
      },
      subtitle: {
        ar: 'مبادرة للحد من الهدر المدرسي، خاصة في صفوف الفتيات بالمناطق الجبلية.',
        fr: "Une initiative pour lutter contre le décrochage scolaire, surtout chez les filles des zones de montagne.",
      },
      lead: {
        ar: `سلمت السلطات الإقليمية ${arCount(v.two, { one: 'حافلة', two: 'حافلتين', few: 'حافلات', many: 'حافلة' })} للنقل المدرسي لفائدة جمعيات وجماعات قروية بإقليم ${v.city.ar}، لتأمين تنقل التلاميذ القاطنين بالدواوير البعيدة عن المؤسسات التعليمية.`,
        fr: `Les autorités provinciales ont remis ${v.two} bus de transport scolaire à des associations et communes rurales de la province ${fde(v.city.fr)}, afin d'assurer le trajet des élèves habitant les douars éloignés des établissements.`,
      },
      h2: { ar: 'أثر على التمدرس', fr: 'Un impact sur la scolarisation' },
      detail: {
        ar: `وتفيد معطيات المديرية الإقليمية للتربية الوطنية بأن نسبة الانقطاع عن الدراسة في الإعدادي تراجعت بـ${v.small} نقط في الجماعات التي تتوفر على نقل مدرسي منتظم.`,
        fr: `Selon la direction provinciale de l'Éducation nationale, le taux d'abandon au collège a reculé de ${v.small} points dans les communes disposant d'un transport scolaire régulier.`,
      },
      quote: {
        ar: 'ابنتي كانت تمشي ساعة كاملة للوصول إلى الإعدادية. الحافلة غيرت كل شيء.',
        fr: "Ma fille marchait une heure entière pour rejoindre le collège. Le bus a tout changé.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'أب', 'أم')} تلميذة`, fr: `${v.person.fr}, ${g(v.person, 'père', 'mère')} d'une élève` },
    }),
  },
  {
    key: 'tabarru-bi-dam',
    master: 'societe',
    child: 'sante',
    tags: ['sante-publique'],
    build: (v) => ({
      title: {
        ar: `التبرع بالدم: دعوة إلى التعبئة في ${v.city.ar} والمخزون لا يكفي سوى ${arCount(v.small, { one: 'يوم', two: 'يومين', few: 'أيام', many: 'يوما' })}`,
        fr: `Don de sang : appel à la mobilisation à ${v.city.fr}, les réserves ne couvrent que ${v.small} jours`,
      },
      subtitle: {
        ar: 'المركز الجهوي لتحاقن الدم ينظم قوافل في الأحياء والجامعات والإدارات.',
        fr: 'Le centre régional de transfusion sanguine organise des collectes dans les quartiers, les universités et les administrations.',
      },
      lead: {
        ar: `دعا المركز الجهوي لتحاقن الدم في ${v.city.ar} المواطنين إلى التبرع بالدم، بعدما تراجع المخزون إلى مستوى لا يغطي سوى ${arCount(v.small, { one: 'يوم', two: 'يومين', few: 'أيام', many: 'يوما' })} من حاجيات المستشفيات.`,
        fr: `Le centre régional de transfusion sanguine ${fde(v.city.fr)} appelle les citoyens à donner leur sang : les réserves ne couvrent plus que ${v.small} jours des besoins des hôpitaux.`,
      },
      h2: { ar: 'من يمكنه التبرع؟', fr: 'Qui peut donner ?' },
      detail: {
        ar: 'يمكن لكل شخص يتمتع بصحة جيدة ويتراوح عمره بين 18 و65 سنة، ويفوق وزنه 50 كيلوغراما، أن يتبرع بالدم. ولا تستغرق العملية أكثر من عشرين دقيقة.',
        fr: 'Toute personne en bonne santé, âgée de 18 à 65 ans et pesant plus de 50 kg, peut donner son sang. Le don ne prend pas plus de vingt minutes.',
      },
      quote: {
        ar: 'كيس دم واحد يمكن أن ينقذ ثلاثة أرواح. نحتاج إلى متبرعين منتظمين، وليس فقط في أوقات الأزمات.',
        fr: 'Une seule poche peut sauver trois vies. Nous avons besoin de donneurs réguliers, pas seulement en période de crise.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مسؤول', 'مسؤولة')} بالمركز الجهوي لتحاقن الدم`, fr: `${v.person.fr}, ${g(v.person, 'responsable', 'responsable')} au centre de transfusion` },
      bullets: [
        { ar: 'تناول وجبة خفيفة قبل التبرع', fr: 'Prendre une collation avant le don' },
        { ar: 'إحضار البطاقة الوطنية', fr: "Se munir de sa carte d'identité" },
        { ar: 'شرب الماء بكثرة بعد التبرع', fr: 'Bien s’hydrater après le don' },
      ],
    }),
  },
];

export const SOCIETE_TEXT: TopicText = {
  context: [
    {
      ar: 'وتندرج هذه المبادرة في إطار ورش الدولة الاجتماعية، الذي يضع تحسين الولوج إلى الخدمات الأساسية في صلب السياسات العمومية.',
      fr: "Cette initiative s'inscrit dans le chantier de l'État social, qui place l'amélioration de l'accès aux services de base au cœur des politiques publiques.",
    },
    {
      ar: 'ويلعب المجتمع المدني دورا محوريا في مواكبة هذه البرامج، من خلال القرب من الساكنة والتعريف بالخدمات المتاحة.',
      fr: 'La société civile joue un rôle central dans l’accompagnement de ces programmes, grâce à sa proximité avec les habitants.',
    },
    {
      ar: 'وتبقى الفوارق المجالية بين الوسطين الحضري والقروي من أبرز التحديات التي تسعى هذه البرامج إلى تقليصها.',
      fr: "Les écarts territoriaux entre villes et campagnes restent l'un des principaux défis que ces programmes cherchent à réduire.",
    },
  ],
  closing: [
    {
      ar: 'ويمكن للمواطنين الحصول على مزيد من المعلومات لدى المصالح المختصة أو عبر البوابات الرسمية.',
      fr: 'Les citoyens peuvent obtenir davantage d’informations auprès des services compétents ou sur les portails officiels.',
    },
    {
      ar: 'وتعتزم الجهات المعنية تقييم النتائج نهاية السنة من أجل تعميم التجربة على مناطق أخرى.',
      fr: "Les acteurs concernés prévoient d'évaluer les résultats en fin d'année afin d'étendre l'expérience à d'autres territoires.",
    },
  ],
  headings: [
    { ar: 'شهادات', fr: 'Témoignages' },
    { ar: 'في الأفق', fr: "À l'horizon" },
  ],
};
