import { fde, arCount, frA, frDe, lc } from '../../text.ts';
import { g, type StoryTemplate, type TopicText } from '../types.ts';

const HOST_CITIES = ['casablanca', 'rabat', 'marrakech', 'fes', 'tanger', 'agadir'];

export const SPORT: StoryTemplate[] = [
  {
    key: 'botola-fawz',
    master: 'sport',
    child: 'football',
    tags: ['botola-pro'],
    video: true,
    build: (v) => {
      const [a, b] = v.goals;
      return {
        title: {
          ar: `فوز ${v.team.shortAr} على ${v.team2.shortAr} (${a}-${b}) في الجولة ${v.round} من البطولة الاحترافية`,
          fr: `Botola Pro : ${v.team.shortFr} s'impose face ${frA(v.team2.shortFr)} (${a}-${b}) lors de la ${v.round}e journée`,
        },
        subtitle: {
          ar: `حقق فريق ${v.team.ar} انتصارا ثمينا على ضيفه ${v.team2.ar}، ليعزز موقعه في سباق المراكز الأولى.`,
          fr: `${v.team.shortFr} a dominé ${lc(v.team2.shortFr)} et consolide sa place dans le peloton de tête du championnat.`,
        },
        lead: {
          ar: `في مباراة حماسية لحساب الجولة ${v.round} من البطولة الوطنية الاحترافية، تمكن فريق ${v.team.ar} من الفوز على فريق ${v.team2.ar} بنتيجة ${a} مقابل ${b}، بعد أداء جماعي متميز خاصة في الشوط الثاني.`,
          fr: `Dans un match intense comptant pour la ${v.round}e journée de la Botola Pro, ${lc(v.team.shortFr)} a pris le meilleur sur ${lc(v.team2.shortFr)} (${a}-${b}) grâce à une seconde période parfaitement maîtrisée.`,
        },
        h2: { ar: 'شوط ثان حاسم', fr: 'Une seconde période décisive' },
        detail: {
          ar: `بعد شوط أول متكافئ طغى عليه الحذر التكتيكي، رفع لاعبو ${v.team.shortAr} من إيقاع اللعب بعد الاستراحة واستغلوا المساحات التي تركها المنافس. وحاول لاعبو ${v.team2.shortAr} العودة في النتيجة خلال الدقائق الأخيرة، غير أن التنظيم الدفاعي الجيد حال دون ذلك.`,
          fr: `Après une première mi-temps équilibrée et très tactique, les joueurs ${frDe(v.team.shortFr)} ont accéléré au retour des vestiaires en exploitant les espaces laissés par l'adversaire. ${v.team2.shortFr} a tenté de revenir au score dans les dernières minutes, sans parvenir à trouver la faille.`,
        },
        quote: {
          ar: 'هذا الفوز ثمرة عمل جماعي، واللاعبون احترموا التعليمات بشكل جيد. المهم الآن هو الحفاظ على التركيز في المباريات المقبلة.',
          fr: "Cette victoire est le fruit d'un travail collectif, les joueurs ont bien respecté les consignes. L'essentiel, maintenant, est de rester concentrés pour la suite.",
        },
        quoteBy: { ar: `${v.man.ar}، مدرب ${v.team.ar}`, fr: `${v.man.fr}, entraîneur ${frDe(v.team.shortFr)}` },
      };
    },
  },
  {
    key: 'botola-taadoul',
    master: 'sport',
    child: 'football',
    tags: ['botola-pro'],
    build: (v) => {
      const d = v.goals[1];
      return {
        title: {
          ar: `تعادل ${v.team.shortAr} و${v.team2.shortAr} (${d}-${d}) في الجولة ${v.round} من البطولة`,
          fr: `${v.team.shortFr} et ${lc(v.team2.shortFr)} se neutralisent (${d}-${d}) lors de la ${v.round}e journée`,
        },
        subtitle: {
          ar: 'اقتسم الفريقان النقاط في مباراة متوازنة لم تحسمها الفرص الكثيرة التي أتيحت للطرفين.',
          fr: 'Les deux équipes se quittent dos à dos au terme d’un match équilibré, malgré de nombreuses occasions de part et d’autre.',
        },
        lead: {
          ar: `انتهت مباراة ${v.team.ar} و${v.team2.ar}، برسم الجولة ${v.round} من البطولة الوطنية الاحترافية، بالتعادل ${d}-${d}، في لقاء اتسم بالندية والإثارة حتى صافرة النهاية.`,
          fr: `Le match entre ${lc(v.team.shortFr)} et ${lc(v.team2.shortFr)}, comptant pour la ${v.round}e journée de la Botola Pro, s'est achevé sur un score de parité (${d}-${d}), au terme d'une rencontre disputée jusqu'au coup de sifflet final.`,
        },
        h2: { ar: 'فرص ضائعة من الجانبين', fr: 'Des occasions manquées des deux côtés' },
        detail: {
          ar: 'أهدر المهاجمون عدة فرص سانحة للتسجيل، فيما تألق حارسا المرمى في أكثر من مناسبة. وبهذه النتيجة يحافظ الفريقان على موقعيهما في سبورة الترتيب في انتظار الجولة المقبلة.',
          fr: "Les attaquants ont gâché plusieurs occasions franches, tandis que les deux gardiens se sont illustrés à maintes reprises. Avec ce résultat, les deux formations conservent leur position au classement en attendant la prochaine journée.",
        },
        quote: {
          ar: 'كنا نطمح إلى النقاط الثلاث، لكن المنافس لعب بشكل جيد. التعادل نتيجة منطقية بالنظر إلى مجريات اللقاء.',
          fr: 'Nous voulions les trois points, mais l’adversaire a bien joué. Le nul est logique au vu de la physionomie du match.',
        },
        quoteBy: { ar: `${v.man.ar}، عميد ${v.team2.ar}`, fr: `${v.man.fr}, capitaine ${frDe(v.team2.shortFr)}` },
      };
    },
  },
  {
    key: 'lions-atlas-laiha',
    master: 'sport',
    child: 'football',
    tags: ['lions-de-l-atlas'],
    video: true,
    build: (v) => {
      const n = 24 + (v.small % 5);
      return {
        title: {
          ar: `أسود الأطلس: الناخب الوطني يكشف عن لائحة من ${n} لاعبا لمواجهة ${v.country.ar}`,
          fr: `Lions de l'Atlas : le sélectionneur dévoile une liste de ${n} joueurs pour affronter ${v.country.frThe}`,
        },
        subtitle: {
          ar: 'عودة بعض الركائز بعد التعافي من الإصابة، واستدعاء وجوه جديدة تألقت في البطولة الوطنية والدوريات الأوروبية.',
          fr: 'Retour de plusieurs cadres remis de blessure et appel de nouveaux visages qui brillent en Botola comme dans les championnats européens.',
        },
        lead: {
          ar: `كشف الناخب الوطني عن لائحة تضم ${n} لاعبا استعدادا لمواجهة منتخب ${v.country.ar}، على أن ينطلق التجمع التدريبي بمركب محمد السادس لكرة القدم بسلا مطلع الأسبوع المقبل.`,
          fr: `Le sélectionneur national a dévoilé une liste de ${n} joueurs en vue de la rencontre face ${frA(v.country.frThe)}. Le regroupement débutera en début de semaine prochaine au Complexe Mohammed VI de football, à Salé.`,
        },
        h2: { ar: 'توازن بين الخبرة والشباب', fr: "Un équilibre entre expérience et jeunesse" },
        detail: {
          ar: 'وتحافظ اللائحة على العمود الفقري للمنتخب، مع منح الفرصة لعناصر شابة من المنتخب الأولمبي ومن أندية البطولة الاحترافية، في إطار سياسة تجديد تدريجي للمجموعة.',
          fr: "La liste conserve l'ossature de l'équipe tout en donnant sa chance à de jeunes éléments issus de la sélection olympique et de la Botola, dans une logique de renouvellement progressif du groupe.",
        },
        quote: {
          ar: 'الأبواب مفتوحة أمام كل لاعب يقدم مستوى جيدا مع ناديه. هدفنا هو بناء مجموعة قوية ومتجانسة للاستحقاقات المقبلة.',
          fr: "La porte reste ouverte à tout joueur performant en club. Notre objectif est de bâtir un groupe solide et homogène pour les prochaines échéances.",
        },
        quoteBy: { ar: 'الناخب الوطني في ندوة صحفية', fr: 'Le sélectionneur national, en conférence de presse' },
        bullets: [
          { ar: 'حراسة المرمى: ثلاثة حراس', fr: 'Gardiens : trois joueurs' },
          { ar: `خط الدفاع والوسط والهجوم: ${n - 3} لاعبا`, fr: `Défenseurs, milieux et attaquants : ${n - 3} joueurs` },
          { ar: 'التجمع: مركب محمد السادس لكرة القدم', fr: 'Regroupement : Complexe Mohammed VI de football' },
        ],
      };
    },
  },
  {
    key: 'mondial-2030-malaab',
    master: 'sport',
    child: 'football',
    tags: ['mondial-2030', 'transport'],
    dossier: 'mondial-2030',
    cities: HOST_CITIES,
    video: true,
    build: (v) => {
      const pct = 40 + v.pct;
      return {
        title: {
          ar: `مونديال 2030: نسبة تقدم أشغال ملعب ${v.city.ar} تبلغ ${pct} في المائة`,
          fr: `Mondial 2030 : le chantier du stade ${fde(v.city.fr)} achevé à ${pct} %`,
        },
        subtitle: {
          ar: 'الأوراش تسير وفق الجدول الزمني المحدد، مع تعزيز شبكات النقل والولوج المحيطة بالملعب.',
          fr: "Les travaux respectent le calendrier fixé, avec un renforcement des réseaux de transport et des accès autour de l'enceinte.",
        },
        lead: {
          ar: `بلغت نسبة تقدم أشغال تأهيل ملعب ${v.city.ar} ${pct} في المائة، وفق ما أفادت به اللجنة المكلفة بتتبع مشاريع البنيات التحتية الخاصة بكأس العالم 2030 خلال زيارة ميدانية للورش.`,
          fr: `Les travaux de mise à niveau du stade ${fde(v.city.fr)} sont achevés à ${pct} %, a indiqué le comité chargé du suivi des infrastructures de la Coupe du monde 2030 lors d'une visite du chantier.`,
        },
        h2: { ar: 'معايير دولية', fr: 'Des normes internationales' },
        detail: {
          ar: `ويشمل المشروع تغطية المدرجات بالكامل، وتحديث أنظمة الإنارة والصوت، وإحداث فضاءات جديدة للإعلام وللجمهور، إضافة إلى ${arCount(v.two, { one: 'مدخل', two: 'مدخلين', few: 'مداخل', many: 'مدخلا' })} مجهزة بأنظمة مراقبة حديثة. كما تواكب الأشغال توسعة الطرق المؤدية إلى الملعب وربطه بشبكة النقل العمومي.`,
          fr: `Le projet prévoit la couverture intégrale des tribunes, la modernisation de l'éclairage et de la sonorisation, de nouveaux espaces pour les médias et le public, ainsi que ${v.two} entrées équipées de systèmes de contrôle modernes. Les voies d'accès sont élargies et l'enceinte sera reliée au réseau de transport public.`,
        },
        quote: {
          ar: 'نشتغل بوتيرة متواصلة ليل نهار، والهدف هو تسليم منشأة تستجيب لمعايير الاتحاد الدولي لكرة القدم قبل الموعد المحدد.',
          fr: "Nous travaillons en continu, jour et nuit, pour livrer une enceinte conforme aux normes de la FIFA avant l'échéance fixée.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مدير', 'مديرة')} المشروع`, fr: `${v.person.fr}, ${g(v.person, 'directeur', 'directrice')} du projet` },
      };
    },
  },
  {
    key: 'marathon-dawli',
    master: 'sport',
    child: 'athletisme',
    tags: ['athletisme', 'tourisme'],
    cities: ['marrakech', 'casablanca', 'rabat', 'agadir', 'tanger', 'fes', 'laayoune', 'dakhla', 'essaouira'],
    build: (v) => ({
      title: {
        ar: `ماراثون ${v.city.ar} الدولي: تتويج المغربي ${v.man.ar} بلقب فئة الرجال`,
        fr: `Marathon international ${fde(v.city.fr)} : le Marocain ${v.man.fr} s'impose chez les hommes`,
      },
      subtitle: {
        ar: `أزيد من ${v.big * 10} عداء وعداءة شاركوا في هذه الدورة التي جرت في أجواء احتفالية.`,
        fr: `Plus de ${v.big * 10} coureurs et coureuses ont pris part à cette édition disputée dans une ambiance festive.`,
      },
      lead: {
        ar: `فاز العداء المغربي ${v.man.ar} بلقب ماراثون ${v.city.ar} الدولي في فئة الرجال، بعدما قطع مسافة 42,195 كيلومترا في ساعتين و${v.small} دقائق، متقدما على عدائين من كينيا وإثيوبيا.`,
        fr: `Le Marocain ${v.man.fr} a remporté le marathon international ${fde(v.city.fr)} chez les hommes, bouclant les 42,195 km en 2 h 0${v.small}, devant des coureurs kényan et éthiopien.`,
      },
      h2: { ar: 'سباق تكتيكي', fr: 'Une course tactique' },
      detail: {
        ar: 'ظل السباق مفتوحا حتى الكيلومتر الخامس والثلاثين، حين رفع العداء المغربي من سرعته وانفصل عن مجموعة المقدمة. وعرفت الدورة أيضا تنظيم سباقات على مسافة 10 كيلومترات ونصف الماراثون بمشاركة واسعة للهواة.',
        fr: "La course est restée ouverte jusqu'au 35e kilomètre, lorsque le Marocain a accéléré pour se détacher du groupe de tête. L'édition proposait aussi un 10 km et un semi-marathon, très prisés des amateurs.",
      },
      quote: {
        ar: 'أهدي هذا الفوز للجمهور الذي ساندني على طول المسار. استعددت جيدا لهذا السباق في مرتفعات إفران.',
        fr: "Je dédie cette victoire au public qui m'a porté tout au long du parcours. Je m'étais bien préparé en altitude, à Ifrane.",
      },
      quoteBy: { ar: `${v.man.ar}، الفائز بالسباق`, fr: `${v.man.fr}, vainqueur de l'épreuve` },
    }),
  },
  {
    key: 'moulataqa-steeple',
    master: 'sport',
    child: 'athletisme',
    tags: ['athletisme'],
    cities: ['rabat', 'casablanca', 'marrakech', 'fes', 'meknes', 'oujda', 'tanger'],
    video: true,
    build: (v) => ({
      title: {
        ar: `${v.person.ar} ${g(v.person, 'يفوز', 'تفوز')} بسباق 3000 متر موانع في ملتقى ${v.city.ar} لألعاب القوى`,
        fr: `Athlétisme : ${v.person.fr} remporte le 3 000 m steeple au meeting ${fde(v.city.fr)}`,
      },
      subtitle: {
        ar: `${g(v.person, 'البطل', 'البطلة')} المغربي${g(v.person, '', 'ة')} ${g(v.person, 'يؤكد', 'تؤكد')} جاهزيته${g(v.person, '', 'ا')} للاستحقاقات الدولية المقبلة بتوقيت متميز.`,
        fr: `${g(v.person, "L'athlète marocain", "L'athlète marocaine")} confirme sa forme avant les prochaines échéances internationales avec un chrono de premier plan.`,
      },
      lead: {
        ar: `${g(v.person, 'فاز العداء', 'فازت العداءة')} ${v.person.ar} بسباق 3000 متر موانع خلال ملتقى ${v.city.ar} الدولي لألعاب القوى، أمام جمهور غفير حج إلى الملعب لمتابعة نجوم أم الألعاب.`,
        fr: `${v.person.fr} s'est imposé${g(v.person, '', 'e')} sur le 3 000 m steeple lors du meeting international ${fde(v.city.fr)}, devant un public venu nombreux applaudir les stars de la discipline reine.`,
      },
      h2: { ar: 'مدرسة مغربية عريقة', fr: 'Une école marocaine réputée' },
      detail: {
        ar: 'يواصل المغرب تقاليده العريقة في سباقات المسافات المتوسطة والطويلة، حيث أنجبت المدرسة المغربية أبطالا عالميين وأولمبيين. وتراهن الجامعة الملكية المغربية لألعاب القوى على جيل جديد من العدائين الشباب.',
        fr: "Le Maroc perpétue sa grande tradition du demi-fond et du fond, une école qui a donné des champions du monde et des champions olympiques. La Fédération royale marocaine d'athlétisme mise sur une nouvelle génération de coureurs.",
      },
      quote: {
        ar: 'الجمهور منحني طاقة إضافية في اللفة الأخيرة. ما زال أمامي عمل كبير لتحسين توقيتي قبل البطولة القارية.',
        fr: "Le public m'a donné des ailes dans le dernier tour. J'ai encore beaucoup de travail pour améliorer mon chrono avant le championnat continental.",
      },
      quoteBy: { ar: v.person.ar, fr: v.person.fr },
    }),
  },
  {
    key: 'infisal-mudarrib',
    master: 'sport',
    child: 'football',
    tags: ['botola-pro'],
    build: (v) => {
      const losses = { one: 'هزيمة', two: 'هزيمتين', few: 'هزائم', many: 'هزيمة' };
      return {
        title: {
          ar: `انفصال ${v.team.shortAr} عن مدربه بعد ${arCount(v.small, losses)} متتالية`,
          fr: `${v.team.shortFr} se sépare de son entraîneur après ${v.small} défaites consécutives`,
        },
        subtitle: {
          ar: 'المكتب المسير يعلن إنهاء التعاقد بالتراضي ويكلف المدرب المساعد بقيادة الفريق مؤقتا.',
          fr: "Le comité directeur annonce une rupture à l'amiable et confie l'intérim à l'entraîneur adjoint.",
        },
        lead: {
          ar: `أعلن فريق ${v.team.ar}، في بلاغ رسمي، انفصاله بالتراضي عن مدربه، وذلك عقب سلسلة من النتائج السلبية آخرها ${arCount(v.small, losses)} متتالية في البطولة الاحترافية.`,
          fr: `${v.team.shortFr} a annoncé, dans un communiqué, s'être séparé à l'amiable de son entraîneur après une série de mauvais résultats, dont ${v.small} défaites consécutives en Botola Pro.`,
        },
        h2: { ar: 'البحث عن خلف', fr: 'La quête d’un successeur' },
        detail: {
          ar: 'وأوضح البلاغ أن المكتب المسير شرع في دراسة عدة ملفات لاختيار مدرب جديد قادر على إعادة الفريق إلى سكة الانتصارات، مع الحرص على الاستقرار التقني في ما تبقى من الموسم.',
          fr: "Selon le communiqué, le comité a commencé à étudier plusieurs profils afin de choisir un technicien capable de remettre l'équipe sur la voie du succès, tout en garantissant la stabilité technique pour la suite de la saison.",
        },
        quote: {
          ar: 'نشكر المدرب على ما قدمه للفريق. القرار صعب لكنه ضروري لمصلحة النادي وجماهيره.',
          fr: "Nous remercions l'entraîneur pour son travail. La décision est difficile, mais nécessaire pour l'intérêt du club et de ses supporters.",
        },
        quoteBy: { ar: `${v.man.ar}، رئيس ${v.team.ar}`, fr: `${v.man.fr}, président ${frDe(v.team.shortFr)}` },
      };
    },
  },
  {
    key: 'korat-qadam-nisawiya',
    master: 'sport',
    child: 'football',
    tags: ['football-feminin'],
    cities: ['casablanca', 'rabat', 'agadir', 'tanger', 'oujda', 'laayoune', 'meknes', 'marrakech', 'kenitra'],
    build: (v) => ({
      title: {
        ar: `كرة القدم النسوية: ${v.city.ar} تحتضن المربع الذهبي لكأس العرش`,
        fr: `Football féminin : ${v.city.fr} accueille le dernier carré de la Coupe du Trône`,
      },
      subtitle: {
        ar: 'أربعة فرق تتنافس على اللقب في دورة تعكس التطور المتسارع لكرة القدم النسوية بالمغرب.',
        fr: "Quatre équipes se disputent le titre lors d'une édition qui illustre l'essor rapide du football féminin au Maroc.",
      },
      lead: {
        ar: `تحتضن مدينة ${v.city.ar} منافسات المربع الذهبي لكأس العرش لكرة القدم النسوية، بمشاركة أربعة أندية تمكنت من تجاوز الأدوار الإقصائية.`,
        fr: `La ville ${fde(v.city.fr)} accueille le dernier carré de la Coupe du Trône de football féminin, avec quatre clubs rescapés des tours éliminatoires.`,
      },
      h2: { ar: 'دينامية متواصلة', fr: 'Une dynamique durable' },
      detail: {
        ar: `وتشهد الممارسة النسوية إقبالا متزايدا، إذ ارتفع عدد اللاعبات المرخص لهن بنسبة ${v.pct} في المائة خلال الموسمين الأخيرين، بفضل برامج التكوين وإحداث بطولات جهوية للفئات الصغرى.`,
        fr: `La pratique féminine séduit de plus en plus : le nombre de licenciées a progressé de ${v.pct} % en deux saisons, grâce aux programmes de formation et à la création de championnats régionaux pour les jeunes catégories.`,
      },
      quote: {
        ar: 'نجاح اللاعبات المغربيات على الصعيد القاري شجع الكثير من الفتيات على الالتحاق بالأندية.',
        fr: "Les succès des joueuses marocaines sur la scène continentale ont encouragé beaucoup de jeunes filles à rejoindre les clubs.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مؤطر', 'مؤطرة')} تقني${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, ${g(v.person, 'cadre technique', 'cadre technique')}` },
    }),
  },
  {
    key: 'takwin-shabab',
    master: 'sport',
    child: 'football',
    tags: ['emploi'],
    build: (v) => ({
      title: {
        ar: `انضمام ${arCount(v.two, { one: 'شاب', two: 'شابين', few: 'شبان', many: 'شابا' })} من ${v.city.ar} إلى مراكز التكوين الجهوية لكرة القدم`,
        fr: `Formation : ${v.two} jeunes ${fde(v.city.fr)} intègrent les centres régionaux de football`,
      },
      subtitle: {
        ar: 'انتقاء المواهب تم بعد أسابيع من الاختبارات التقنية والبدنية في الأحياء والمدارس.',
        fr: 'Les talents ont été repérés après plusieurs semaines de tests techniques et physiques dans les quartiers et les écoles.',
      },
      lead: {
        ar: `تم انتقاء ${arCount(v.two, { one: 'لاعب', two: 'لاعبين', few: 'لاعبين', many: 'لاعبا' })} شابا من ${v.city.ar} ونواحيها للالتحاق بمراكز التكوين الجهوية، في إطار برنامج وطني يروم اكتشاف المواهب في سن مبكرة ومواكبتها رياضيا ودراسيا.`,
        fr: `${v.two} jeunes footballeurs ${fde(v.city.fr)} et de ses environs ont été sélectionnés pour rejoindre les centres régionaux de formation, dans le cadre d'un programme national qui vise à détecter les talents tôt et à les accompagner sur le plan sportif comme scolaire.`,
      },
      h2: { ar: 'الرياضة والدراسة', fr: 'Sport et études' },
      detail: {
        ar: 'يستفيد اللاعبون من الإيواء والتغذية والمتابعة الطبية، إضافة إلى دعم مدرسي يضمن لهم مواصلة الدراسة بالموازاة مع التداريب اليومية.',
        fr: "Les joueurs bénéficient de l'hébergement, de la restauration et d'un suivi médical, ainsi que d'un soutien scolaire qui leur permet de poursuivre leurs études en parallèle des entraînements quotidiens.",
      },
      quote: {
        ar: 'نبحث عن الموهبة، لكن أيضا عن الانضباط والرغبة في التعلم. كثير من لاعبي المنتخب بدؤوا مسارهم بهذه الطريقة.',
        fr: "Nous cherchons le talent, mais aussi la discipline et l'envie d'apprendre. Beaucoup d'internationaux ont commencé leur parcours ainsi.",
      },
      quoteBy: { ar: `${v.man.ar}، مسؤول عن التكوين`, fr: `${v.man.fr}, responsable de la formation` },
    }),
  },
  {
    key: 'futsal-wdi',
    master: 'sport',
    tags: ['lions-de-l-atlas'],
    cities: ['casablanca', 'rabat', 'laayoune', 'fes', 'tanger', 'agadir', 'oujda', 'sale'],
    build: (v) => ({
      title: {
        ar: `كرة القدم داخل القاعة: المنتخب الوطني يواجه ${v.country.ar} وديا في ${v.city.ar}`,
        fr: `Futsal : la sélection nationale affronte ${v.country.frThe} en amical à ${v.city.fr}`,
      },
      subtitle: {
        ar: 'مباراتان وديتان ضمن برنامج إعداد المنتخب للاستحقاقات القارية والدولية.',
        fr: 'Deux matchs amicaux au programme de la préparation aux échéances continentales et mondiales.',
      },
      lead: {
        ar: `يخوض المنتخب الوطني لكرة القدم داخل القاعة مباراتين وديتين أمام منتخب ${v.country.ar} بالقاعة المغطاة في ${v.city.ar}، في إطار استعداداته للاستحقاقات المقبلة.`,
        fr: `La sélection nationale de futsal disputera deux rencontres amicales face ${frA(v.country.frThe)} à la salle couverte ${fde(v.city.fr)}, dans le cadre de sa préparation aux prochaines compétitions.`,
      },
      h2: { ar: 'منتخب في القمة', fr: 'Une sélection au sommet' },
      detail: {
        ar: 'يعد المنتخب المغربي لكرة القدم داخل القاعة من أقوى المنتخبات عالميا، بعد تتويجاته القارية المتتالية وبلوغه أدوارا متقدمة في كأس العالم.',
        fr: "La sélection marocaine de futsal compte parmi les meilleures au monde, forte de ses titres continentaux successifs et de ses parcours remarqués en Coupe du monde.",
      },
      quote: {
        ar: 'هذه المباريات فرصة لتجريب عناصر جديدة والوقوف على جاهزية المجموعة.',
        fr: "Ces matchs sont l'occasion de tester de nouveaux éléments et d'évaluer l'état de forme du groupe.",
      },
      quoteBy: { ar: 'الطاقم التقني للمنتخب الوطني', fr: 'Le staff technique de la sélection' },
    }),
  },
  {
    key: 'tawaf-al-maghrib',
    master: 'sport',
    tags: ['tourisme'],
    build: (v) => ({
      title: {
        ar: `طواف المغرب للدراجات: ${v.man.ar} يفوز بالمرحلة الرابطة بين ${v.city.ar} و${v.city2.ar}`,
        fr: `Tour du Maroc cycliste : ${v.man.fr} remporte l'étape ${v.city.fr}-${v.city2.fr}`,
      },
      subtitle: {
        ar: 'سباق حماسي حسم في الأمتار الأخيرة، ومنافسة مفتوحة على القميص الأصفر.',
        fr: 'Une arrivée au sprint disputée et une lutte toujours ouverte pour le maillot jaune.',
      },
      lead: {
        ar: `فاز الدراج ${v.man.ar} بالمرحلة الرابطة بين ${v.city.ar} و${v.city2.ar} ضمن طواف المغرب الدولي للدراجات، بعد سباق سريع حسم في الأمتار الأخيرة أمام عدد من الدراجين الأجانب.`,
        fr: `Le coureur ${v.man.fr} s'est adjugé l'étape reliant ${v.city.fr} à ${v.city2.fr} lors du Tour international du Maroc, au terme d'un sprint serré face à plusieurs coureurs étrangers.`,
      },
      h2: { ar: 'مسار يجوب المملكة', fr: 'Un parcours à travers le Royaume' },
      detail: {
        ar: 'يجوب الطواف هذه السنة عدة جهات من المملكة عبر مراحل تجمع بين المسالك الجبلية والطرق الساحلية، ما يمنح المتسابقين تحديات متنوعة ويبرز المؤهلات السياحية للمناطق التي يمر منها.',
        fr: "Le Tour traverse cette année plusieurs régions du Royaume, alternant routes de montagne et tronçons côtiers, ce qui offre des défis variés aux coureurs et met en valeur les atouts touristiques des territoires traversés.",
      },
      quote: {
        ar: 'الفريق قام بعمل رائع طيلة المرحلة. الفوز أمام جمهوري له طعم خاص.',
        fr: "L'équipe a fait un travail formidable toute la journée. Gagner devant mon public a une saveur particulière.",
      },
      quoteBy: { ar: `${v.man.ar}، الفائز بالمرحلة`, fr: `${v.man.fr}, vainqueur de l'étape` },
    }),
  },
  {
    key: 'malaib-al-qurb',
    master: 'sport',
    tags: ['enseignement'],
    build: (v) => ({
      title: {
        ar: `${v.city.ar}: تدشين ${arCount(v.two, { one: 'ملعب', two: 'ملعبين', few: 'ملاعب', many: 'ملعبا' })} للقرب لفائدة شباب الأحياء`,
        fr: `${v.city.fr} : ${v.two} terrains de proximité inaugurés pour les jeunes des quartiers`,
      },
      subtitle: {
        ar: 'ملاعب معشوشبة اصطناعيا ومجهزة بالإنارة، مفتوحة مجانا للجمعيات والمدارس.',
        fr: 'Des terrains en gazon synthétique, éclairés et ouverts gratuitement aux associations et aux écoles.',
      },
      lead: {
        ar: `جرى بمدينة ${v.city.ar} تدشين ${arCount(v.two, { one: 'ملعب', two: 'ملعبين', few: 'ملاعب', many: 'ملعبا' })} للقرب موزعة على عدد من الأحياء، بكلفة إجمالية تناهز ${v.big / 10} مليون درهم، في إطار برنامج لتعميم البنيات الرياضية.`,
        fr: `${v.two} terrains de proximité, répartis dans plusieurs quartiers, ont été inaugurés à ${v.city.fr} pour un coût global d'environ ${v.big / 10} millions de dirhams, dans le cadre d'un programme de généralisation des équipements sportifs.`,
      },
      h2: { ar: 'فضاءات للإدماج', fr: "Des espaces d'inclusion" },
      detail: {
        ar: 'وتسير هذه الملاعب جمعيات محلية بشراكة مع السلطات، مع تخصيص حصص للفتيات وللأشخاص في وضعية إعاقة، وتنظيم دوريات بين الأحياء خلال العطل المدرسية.',
        fr: "Ces terrains sont gérés par des associations locales en partenariat avec les autorités, avec des créneaux réservés aux filles et aux personnes en situation de handicap, et des tournois inter-quartiers pendant les vacances scolaires.",
      },
      quote: {
        ar: 'كان الأطفال يلعبون في الشارع. اليوم أصبح لديهم فضاء آمن ومؤطرون يرافقونهم.',
        fr: "Les enfants jouaient dans la rue. Aujourd'hui, ils disposent d'un espace sûr et d'encadrants qui les accompagnent.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'رئيس', 'رئيسة')} جمعية رياضية`, fr: `${v.person.fr}, ${g(v.person, 'président', 'présidente')} d'une association sportive` },
    }),
  },
];

export const SPORT_TEXT: TopicText = {
  context: [
    {
      ar: 'وتعيش الرياضة الوطنية مرحلة زاهرة، بفضل النتائج الإيجابية للمنتخبات وتأهيل البنيات التحتية استعدادا للمواعيد القارية والدولية الكبرى التي يحتضنها المغرب.',
      fr: "Le sport national vit une période faste, portée par les bons résultats des sélections et par la modernisation des infrastructures en vue des grands rendez-vous continentaux et mondiaux accueillis par le Maroc.",
    },
    {
      ar: 'وتراهن الجامعات الرياضية على التكوين القاعدي وعلى الاحتراف التدريجي للأندية، من أجل ضمان استمرارية النتائج وتوسيع قاعدة الممارسين.',
      fr: "Les fédérations misent sur la formation à la base et sur la professionnalisation progressive des clubs pour inscrire les résultats dans la durée et élargir le nombre de pratiquants.",
    },
    {
      ar: 'ويحظى الحدث بمتابعة جماهيرية واسعة، سواء في المدرجات أو عبر الشاشة ومنصات التواصل الاجتماعي، حيث تفاعل المشجعون بكثافة مع مجرياته.',
      fr: "L'événement est suivi par un large public, dans les tribunes comme devant les écrans et sur les réseaux sociaux, où les supporters ont massivement réagi.",
    },
  ],
  closing: [
    {
      ar: 'ويمكن متابعة الملخصات وأبرز اللقطات على موقع دوزيم وفي النشرات الإخبارية الرياضية.',
      fr: 'Résumés et temps forts sont à retrouver sur le site de 2M et dans les journaux sportifs de la chaîne.',
    },
    {
      ar: 'وتبقى الأنظار متجهة نحو المواعيد المقبلة التي ستحدد ملامح ما تبقى من الموسم الرياضي.',
      fr: 'Les regards se tournent désormais vers les prochaines échéances, qui dessineront la suite de la saison sportive.',
    },
  ],
  headings: [
    { ar: 'ما الخطوة المقبلة؟', fr: 'Et maintenant ?' },
    { ar: 'ردود فعل', fr: 'Réactions' },
  ],
};
