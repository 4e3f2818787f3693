import { arCount, arNum, fde, frNum } from '../../text.ts';
import { g, type StoryTemplate, type TopicText } from '../types.ts';

const FILMS = { one: 'فيلم', two: 'فيلمين', few: 'أفلام', many: 'فيلما' };

export const CULTURE: StoryTemplate[] = [
  {
    key: 'mahrajan-cinema',
    master: 'culture',
    child: 'cinema',
    tags: ['festivals', 'cinema-marocain'],
    cities: ['marrakech', 'tanger', 'khouribga', 'tetouan', 'sale', 'agadir', 'ouarzazate', 'oujda', 'meknes'],
    video: true,
    build: (v) => ({
      title: {
        ar: `مهرجان ${v.city.ar} السينمائي: ${arCount(v.two, FILMS)} في المسابقة الرسمية`,
        fr: `Festival du film ${fde(v.city.fr)} : ${v.two} films en compétition officielle`,
      },
      subtitle: {
        ar: 'أعمال مغربية وإفريقية ومتوسطية تتنافس على الجوائز، مع ورشات لفائدة المخرجين الشباب.',
        fr: 'Des œuvres marocaines, africaines et méditerranéennes en lice, et des ateliers pour les jeunes réalisateurs.',
      },
      lead: {
        ar: `تنطلق فعاليات الدورة الجديدة لمهرجان ${v.city.ar} السينمائي بمشاركة ${arCount(v.two, FILMS)} في المسابقة الرسمية، إلى جانب عروض موازية في الساحات العمومية ودور الشباب.`,
        fr: `La nouvelle édition du festival du film ${fde(v.city.fr)} s'ouvre avec ${v.two} films en compétition officielle, ainsi que des projections en plein air et dans les maisons de jeunes.`,
      },
      h2: { ar: 'لجنة تحكيم دولية', fr: 'Un jury international' },
      detail: {
        ar: `${g(v.person, 'ويترأس', 'وتترأس')} لجنة التحكيم ${g(v.person, 'المخرج', 'المخرجة')} ${v.person.ar}، إلى جانب نقاد وممثلين من عدة بلدان. ويكرم المهرجان في حفل الافتتاح عددا من الوجوه التي طبعت تاريخ السينما المغربية.`,
        fr: `Le jury est présidé par ${g(v.person, 'le réalisateur', 'la réalisatrice')} ${v.person.fr}, entouré${g(v.person, '', 'e')} de critiques et de comédiens de plusieurs pays. La cérémonie d'ouverture rend hommage à des figures qui ont marqué l'histoire du cinéma marocain.`,
      },
      quote: {
        ar: 'السينما المغربية تعيش دينامية حقيقية، والمهرجانات فضاء أساسي للقاء بين الأفلام وجمهورها.',
        fr: 'Le cinéma marocain vit une vraie dynamique, et les festivals sont un lieu essentiel de rencontre entre les films et leur public.',
      },
      quoteBy: { ar: `${v.person2.ar}، ${g(v.person2, 'مدير', 'مديرة')} المهرجان`, fr: `${v.person2.fr}, ${g(v.person2, 'directeur', 'directrice')} du festival` },
    }),
  },
  {
    key: 'taswir-film-dawli',
    master: 'culture',
    child: 'cinema',
    tags: ['cinema-marocain', 'emploi'],
    cities: ['ouarzazate', 'marrakech', 'essaouira', 'tanger', 'chefchaouen', 'errachidia'],
    build: (v) => {
      const extras = v.big * 2;
      return {
        title: {
          ar: `${v.city.ar}: تصوير إنتاج سينمائي دولي بمشاركة ${arNum(extras)} من الممثلين الثانويين`,
          fr: `${v.city.fr} : le tournage d'une production internationale mobilise ${frNum(extras)} figurants`,
        },
        subtitle: {
          ar: 'المناظر الطبيعية والكفاءات التقنية تجعل من المغرب وجهة مفضلة للإنتاجات الأجنبية.',
          fr: 'Paysages et savoir-faire technique font du Maroc une destination prisée des productions étrangères.',
        },
        lead: {
          ar: `تحتضن ${v.city.ar} ونواحيها تصوير فيلم دولي ضخم، يشارك فيه ${arNum(extras)} من الممثلين الثانويين وعشرات التقنيين المغاربة، على مدى ${arCount(v.small, { one: 'أسبوع', two: 'أسبوعين', few: 'أسابيع', many: 'أسبوعا' })}.`,
          fr: `${v.city.fr} et ses environs accueillent pendant ${v.small} semaines le tournage d'un film international d'envergure, qui mobilise ${frNum(extras)} figurants et des dizaines de techniciens marocains.`,
        },
        h2: { ar: 'أثر اقتصادي مباشر', fr: 'Des retombées directes' },
        detail: {
          ar: 'وينعش التصوير الفنادق والمطاعم ووكالات كراء السيارات والحرفيين المتخصصين في الديكور والأزياء، بفضل نظام الاسترجاع الضريبي الذي يشجع الإنتاجات الأجنبية على التصوير بالمغرب.',
          fr: "Le tournage fait travailler hôtels, restaurants, loueurs de véhicules et artisans spécialisés dans les décors et les costumes, grâce au dispositif de remboursement fiscal qui encourage les productions étrangères à tourner au Maroc.",
        },
        quote: {
          ar: 'التقنيون المغاربة يتمتعون بخبرة كبيرة، وهذا ما يجعلنا نعود للتصوير هنا باستمرار.',
          fr: "Les techniciens marocains ont une grande expérience, c'est pour cela que nous revenons régulièrement tourner ici.",
        },
        quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'منتج', 'منتجة')} منفذ${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, ${g(v.person, 'producteur exécutif', 'productrice exécutive')}` },
      };
    },
  },
  {
    key: 'musiqa-andalusiya',
    master: 'culture',
    child: 'musique',
    tags: ['festivals'],
    cities: ['fes', 'tetouan', 'rabat', 'chefchaouen', 'oujda', 'sale', 'meknes', 'tanger'],
    build: (v) => ({
      title: {
        ar: `الموسيقى الأندلسية: ${v.city.ar} تحتضن مهرجانا بمشاركة ${arCount(v.small, { one: 'جوق', two: 'جوقين', few: 'أجواق', many: 'جوقا' })}`,
        fr: `Musique andalouse : ${v.city.fr} accueille un festival réunissant ${v.small} orchestres`,
      },
      subtitle: {
        ar: 'نوبات الآلة والطرب الغرناطي في سهرات مفتوحة للجمهور، وتكريم لكبار المنشدين.',
        fr: 'Noubas de la Âla et gharnati lors de soirées ouvertes au public, et un hommage aux grands maîtres.',
      },
      lead: {
        ar: `تحتضن مدينة ${v.city.ar} دورة جديدة من مهرجان الموسيقى الأندلسية، بمشاركة ${arCount(v.small, { one: 'جوق', two: 'جوقين', few: 'أجواق', many: 'جوقا' })} من مختلف مدن المملكة، في سهرات تحتفي بتراث موسيقي عريق يتوارثه المغاربة جيلا بعد جيل.`,
        fr: `${v.city.fr} accueille une nouvelle édition du festival de musique andalouse, avec ${v.small} orchestres venus de tout le Royaume, pour des soirées qui célèbrent un patrimoine transmis de génération en génération.`,
      },
      h2: { ar: 'نقل المعرفة', fr: 'Transmettre le savoir' },
      detail: {
        ar: 'ويخصص المهرجان ورشات لفائدة تلاميذ المعاهد الموسيقية، يؤطرها أساتذة متمرسون، من أجل تلقين قواعد النوبة وحفظ الصنائع، وضمان استمرارية هذا الفن.',
        fr: "Le festival propose des ateliers pour les élèves des conservatoires, animés par des maîtres confirmés, afin de transmettre les règles de la nouba et le répertoire des sanâ'i, et d'assurer la pérennité de cet art.",
      },
      quote: {
        ar: 'الموسيقى الأندلسية ذاكرة حية. نفرح كثيرا حين نرى الشباب يقبلون على تعلمها.',
        fr: 'La musique andalouse est une mémoire vivante. Nous sommes heureux de voir les jeunes s’y intéresser.',
      },
      quoteBy: { ar: `${v.man.ar}، رئيس جوق`, fr: `${v.man.fr}, chef d'orchestre` },
    }),
  },
  {
    key: 'album-jadid',
    master: 'culture',
    child: 'musique',
    tags: ['chanson-marocaine'],
    video: true,
    build: (v) => ({
      title: {
        ar: `${v.person.ar} ${g(v.person, 'يطرح', 'تطرح')} ألبوما جديدا يمزج بين الشعبي والموسيقى الحضرية`,
        fr: `${v.person.fr} dévoile un nouvel album mêlant chaâbi et musiques urbaines`,
      },
      subtitle: {
        ar: `${arCount(v.small + 4, { one: 'أغنية', two: 'أغنيتين', few: 'أغان', many: 'أغنية' })} بالدارجة والأمازيغية، بمشاركة فنانين من ${v.city.ar} و${v.city2.ar}.`,
        fr: `${v.small + 4} titres en darija et en amazigh, avec des artistes ${fde(v.city.fr)} et ${fde(v.city2.fr)}.`,
      },
      lead: {
        ar: `${g(v.person, 'أطلق الفنان', 'أطلقت الفنانة')} ${v.person.ar} ألبوما جديدا يضم ${arCount(v.small + 4, { one: 'أغنية', two: 'أغنيتين', few: 'أغان', many: 'أغنية' })}، ${g(v.person, 'يمزج', 'تمزج')} فيها بين إيقاعات الشعبي المغربي والموسيقى الحضرية المعاصرة، في تجربة لقيت تفاعلا واسعا على المنصات الرقمية منذ صدورها.`,
        fr: `${g(v.person, "L'artiste", "L'artiste")} ${v.person.fr} a sorti un nouvel album de ${v.small + 4} titres, où les rythmes du chaâbi marocain rencontrent les musiques urbaines actuelles. Le disque rencontre un vif succès sur les plateformes depuis sa sortie.`,
      },
      h2: { ar: 'جولة وطنية', fr: 'Une tournée nationale' },
      detail: {
        ar: `${g(v.person, 'ويستعد', 'وتستعد')} ${v.person.ar} لجولة فنية تشمل عدة مدن مغربية، تنطلق من ${v.city.ar}، مع حفل خاص لفائدة جمعية تعنى بتعليم الموسيقى للأطفال.`,
        fr: `${v.person.fr} prépare une tournée dans plusieurs villes du Royaume, qui débutera à ${v.city.fr}, avec un concert caritatif au profit d'une association qui enseigne la musique aux enfants.`,
      },
      quote: {
        ar: 'أردت أن أعيد تقديم التراث بلغة يفهمها الجيل الجديد، دون أن أفقد روحه.',
        fr: "J'ai voulu réinterpréter notre patrimoine dans une langue que comprend la nouvelle génération, sans en perdre l'âme.",
      },
      quoteBy: { ar: v.person.ar, fr: v.person.fr },
    }),
  },
  {
    key: 'maktabat-qurb',
    master: 'culture',
    tags: ['enseignement'],
    build: (v) => ({
      title: {
        ar: `القراءة: افتتاح ${arCount(v.two, { one: 'مكتبة', two: 'مكتبتين', few: 'مكتبات', many: 'مكتبة' })} للقرب في ${v.city.ar}`,
        fr: `Lecture : ${v.two} bibliothèques de proximité ouvrent à ${v.city.fr}`,
      },
      subtitle: {
        ar: 'فضاءات مجهزة بالكتب والحواسيب وأنشطة أسبوعية لفائدة الأطفال واليافعين.',
        fr: 'Des espaces dotés de livres et d’ordinateurs, avec des animations hebdomadaires pour les enfants et les adolescents.',
      },
      lead: {
        ar: `افتتحت بمدينة ${v.city.ar} ${arCount(v.two, { one: 'مكتبة', two: 'مكتبتين', few: 'مكتبات', many: 'مكتبة' })} للقرب في الأحياء الشعبية، تضم رصيدا يتجاوز ${arNum(v.big * 50)} كتاب باللغات العربية والأمازيغية والفرنسية والإنجليزية.`,
        fr: `${v.two} bibliothèques de proximité ont ouvert dans les quartiers populaires ${fde(v.city.fr)}. Elles proposent plus de ${frNum(v.big * 50)} ouvrages en arabe, en amazigh, en français et en anglais.`,
      },
      h2: { ar: 'تشجيع القراءة', fr: 'Donner le goût de lire' },
      detail: {
        ar: 'وتنظم هذه الفضاءات ورشات للحكي والكتابة الإبداعية ونوادي للقراءة، إلى جانب حصص للدعم المدرسي، بتأطير من جمعيات محلية ومتطوعين.',
        fr: "Ces espaces proposent des ateliers de conte et d'écriture, des clubs de lecture et du soutien scolaire, animés par des associations locales et des bénévoles.",
      },
      quote: {
        ar: 'حين نضع الكتاب قريبا من الطفل، يصبح فعل القراءة عادة يومية.',
        fr: "Quand on met le livre à portée de l'enfant, la lecture devient une habitude.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'محافظ', 'محافظة')} مكتبة`, fr: `${v.person.fr}, ${g(v.person, 'bibliothécaire', 'bibliothécaire')}` },
    }),
  },
  {
    key: 'tarmim-madina',
    master: 'culture',
    tags: ['tourisme', 'artisanat'],
    cities: ['fes', 'marrakech', 'tetouan', 'essaouira', 'meknes', 'rabat', 'sale', 'tanger', 'chefchaouen', 'safi', 'taroudant', 'el-jadida'],
    video: true,
    build: (v) => ({
      title: {
        ar: `التراث: أشغال ترميم المدينة العتيقة في ${v.city.ar} تدخل مرحلتها الأخيرة`,
        fr: `Patrimoine : la restauration de la médina ${fde(v.city.fr)} entre dans sa dernière phase`,
      },
      subtitle: {
        ar: `${arCount(v.two, { one: 'معلمة', two: 'معلمتين', few: 'معالم', many: 'معلمة' })} تاريخية ودروب وأسوار استعادت رونقها بفضل سواعد الحرفيين.`,
        fr: `${v.two} monuments, des ruelles et des remparts retrouvent leur éclat grâce au savoir-faire des artisans.`,
      },
      lead: {
        ar: `دخل برنامج إعادة تأهيل المدينة العتيقة في ${v.city.ar} مرحلته الأخيرة، بعد ترميم ${arCount(v.two, { one: 'معلمة', two: 'معلمتين', few: 'معالم', many: 'معلمة' })} تاريخية، من بينها فنادق ومدارس عتيقة وسقايات، بكلفة إجمالية تناهز ${v.big} مليون درهم.`,
        fr: `Le programme de réhabilitation de la médina ${fde(v.city.fr)} entre dans sa dernière phase, après la restauration de ${v.two} monuments historiques, dont des fondouks, des médersas et des fontaines, pour un coût global d'environ ${v.big} millions de dirhams.`,
      },
      h2: { ar: 'حرف تقليدية في الواجهة', fr: "Les métiers d'art à l'honneur" },
      detail: {
        ar: 'واعتمدت الأشغال على مواد وتقنيات تقليدية، مثل الجبس المنقوش والزليج والخشب المنحوت، ما مكن من تشغيل مئات الصناع التقليديين ونقل مهاراتهم إلى متدربين شباب.',
        fr: "Les travaux ont recours aux matériaux et techniques traditionnels, comme le plâtre sculpté, le zellige et le bois ciselé, ce qui a permis d'employer des centaines d'artisans et de transmettre leur savoir-faire à de jeunes apprentis.",
      },
      quote: {
        ar: 'كل حجر هنا يحكي قصة. مهمتنا أن نحافظ على الأصالة مع تحسين ظروف عيش السكان.',
        fr: 'Ici, chaque pierre raconte une histoire. Notre mission est de préserver l’authenticité tout en améliorant le quotidien des habitants.',
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مهندس', 'مهندسة')} معماري${g(v.person, '', 'ة')}`, fr: `${v.person.fr}, ${g(v.person, 'architecte', 'architecte')}` },
    }),
  },
  {
    key: 'masrah-jaiza',
    master: 'culture',
    tags: ['festivals'],
    build: (v) => ({
      title: {
        ar: `المسرح: فرقة من ${v.city.ar} تفوز بالجائزة الكبرى للمهرجان الوطني للمسرح`,
        fr: `Théâtre : une troupe ${fde(v.city.fr)} remporte le grand prix du festival national`,
      },
      subtitle: {
        ar: 'عرض يتناول أسئلة الهجرة والذاكرة بلغة ركحية جريئة نال إعجاب النقاد والجمهور.',
        fr: 'Une pièce sur la migration et la mémoire, à l’écriture scénique audacieuse, a séduit critiques et public.',
      },
      lead: {
        ar: `توجت فرقة مسرحية من ${v.city.ar} بالجائزة الكبرى للمهرجان الوطني للمسرح، عن عرض يتناول قضايا الهجرة والذاكرة العائلية، من إخراج ${v.person.ar}.`,
        fr: `Une troupe ${fde(v.city.fr)} a remporté le grand prix du festival national de théâtre avec une pièce sur la migration et la mémoire familiale, mise en scène par ${v.person.fr}.`,
      },
      h2: { ar: 'جوائز أخرى', fr: 'Les autres lauréats' },
      detail: {
        ar: `كما عادت جائزة أحسن أداء نسائي وجائزة السينوغرافيا لعرضين من ${v.city2.ar}، فيما نوهت لجنة التحكيم بمشاركة فرق شابة من الجامعات ومعاهد الفنون الدرامية.`,
        fr: `Les prix de la meilleure interprétation féminine et de la scénographie sont revenus à deux spectacles ${fde(v.city2.fr)}, et le jury a salué la participation de jeunes troupes universitaires et d'instituts d'art dramatique.`,
      },
      quote: {
        ar: 'هذه الجائزة اعتراف بعمل جماعي استمر لأشهر، وبمسرح الهواة الذي تخرجنا منه.',
        fr: "Ce prix récompense des mois de travail collectif, et le théâtre amateur dont nous sommes issus.",
      },
      quoteBy: { ar: `${v.person.ar}، ${g(v.person, 'مخرج', 'مخرجة')} العرض`, fr: `${v.person.fr}, ${g(v.person, 'metteur en scène', 'metteuse en scène')}` },
    }),
  },
  {
    key: 'maarad-tashkili',
    master: 'culture',
    tags: ['arts-plastiques'],
    cities: ['casablanca', 'rabat', 'marrakech', 'tanger', 'fes', 'essaouira', 'agadir', 'tetouan', 'el-jadida'],
    build: (v) => ({
      title: {
        ar: `الفنون التشكيلية: ${v.person.ar} ${g(v.person, 'يعرض', 'تعرض')} ${arCount(v.two, { one: 'لوحة', two: 'لوحتين', few: 'لوحات', many: 'لوحة' })} في ${v.city.ar}`,
        fr: `Arts plastiques : ${v.person.fr} expose ${v.two} toiles à ${v.city.fr}`,
      },
      subtitle: {
        ar: 'معرض يستلهم ألوان الجنوب المغربي وذاكرة المدن العتيقة.',
        fr: 'Une exposition inspirée des couleurs du Sud marocain et de la mémoire des médinas.',
      },
      lead: {
        ar: `${g(v.person, 'يقدم الفنان التشكيلي', 'تقدم الفنانة التشكيلية')} ${v.person.ar} معرضا جديدا بإحدى قاعات العرض في ${v.city.ar}، يضم ${arCount(v.two, { one: 'لوحة', two: 'لوحتين', few: 'لوحات', many: 'لوحة' })} أنجزت خلال السنتين الأخيرتين.`,
        fr: `${g(v.person, 'Le peintre', 'La peintre')} ${v.person.fr} présente une nouvelle exposition dans une galerie ${fde(v.city.fr)}, avec ${v.two} toiles réalisées ces deux dernières années.`,
      },
      h2: { ar: 'بين التجريد والتراث', fr: 'Entre abstraction et patrimoine' },
      detail: {
        ar: 'وتمزج الأعمال المعروضة بين التجريد والرموز المستوحاة من الزربية والحلي الأمازيغية، في بحث عن لغة تشكيلية معاصرة متجذرة في الهوية المغربية المتعددة.',
        fr: "Les œuvres mêlent abstraction et motifs inspirés des tapis et des bijoux amazighs, dans la recherche d'un langage plastique contemporain ancré dans l'identité marocaine plurielle.",
      },
      quote: {
        ar: 'أرسم ما تتركه الأمكنة في الذاكرة: ضوء الصباح على جدار طيني، أو لون باب أزرق في زقاق.',
        fr: "Je peins ce que les lieux laissent dans la mémoire : la lumière du matin sur un mur de pisé, la couleur d'une porte bleue dans une ruelle.",
      },
      quoteBy: { ar: v.person.ar, fr: v.person.fr },
    }),
  },
  {
    key: 'lalla-laaroussa-final',
    master: 'culture',
    tags: ['programmes-2m'],
    programme: 'lalla-laaroussa',
    video: true,
    build: (v) => ({
      title: {
        ar: `لالة العروسة: الثنائي القادم من ${v.city.ar} يفوز باللقب في الحلقة النهائية`,
        fr: `Lalla Laaroussa : le couple venu ${fde(v.city.fr)} remporte la finale`,
      },
      subtitle: {
        ar: 'سهرة ختامية مليئة بالمشاعر والتقاليد، تابعها ملايين المشاهدين على دوزيم.',
        fr: 'Une finale riche en émotions et en traditions, suivie par des millions de téléspectateurs sur 2M.',
      },
      lead: {
        ar: `توج الثنائي القادم من ${v.city.ar} بلقب الموسم الجديد من برنامج «لالة العروسة»، بعد منافسة قوية مع ثلاثة أزواج من ${v.city2.ar} ومدن أخرى، في حلقة نهائية احتفت بالعادات المغربية في الزواج.`,
        fr: `Le couple venu ${fde(v.city.fr)} a remporté la nouvelle saison de « Lalla Laaroussa », au terme d'une compétition serrée face à trois autres couples, dont un ${fde(v.city2.fr)}, lors d'une finale qui a célébré les traditions marocaines du mariage.`,
      },
      h2: { ar: 'تقاليد من كل الجهات', fr: 'Des traditions de toutes les régions' },
      detail: {
        ar: 'وتميزت الحلقة بعروض للأزياء التقليدية والطقوس الخاصة بكل منطقة، من الحناء إلى العمارية، قبل أن تعلن لجنة التحكيم النتيجة وسط أجواء احتفالية.',
        fr: "L'émission a mis en valeur les tenues traditionnelles et les rituels propres à chaque région, du henné à l'amaria, avant que le jury n'annonce le résultat dans une ambiance festive.",
      },
      quote: {
        ar: 'شاركنا لنحتفل بتقاليد منطقتنا. الفوز مفاجأة جميلة نتقاسمها مع العائلة وكل سكان مدينتنا.',
        fr: 'Nous avons participé pour célébrer les traditions de notre région. La victoire est une belle surprise que nous partageons avec notre famille et toute notre ville.',
      },
      quoteBy: { ar: 'الثنائي الفائز', fr: 'Le couple lauréat' },
    }),
  },
  {
    key: 'rachid-show-dayf',
    master: 'culture',
    tags: ['programmes-2m', 'chanson-marocaine'],
    programme: 'rachid-show',
    video: true,
    build: (v) => ({
      title: {
        ar: `رشيد شو: ${v.person.ar} ${g(v.person, 'يكشف', 'تكشف')} كواليس مساره الفني`,
        fr: `Rachid Show : ${v.person.fr} se confie sur sa carrière`,
      },
      subtitle: {
        ar: 'لحظات مؤثرة وأخرى مضحكة في حلقة هذا الأسبوع من البرنامج الحواري.',
        fr: 'Des moments émouvants et d’autres hilarants dans le numéro de cette semaine du talk-show.',
      },
      lead: {
        ar: `${g(v.person, 'حل الفنان', 'حلت الفنانة')} ${v.person.ar} ضيف${g(v.person, 'ا', 'ة')} على برنامج «رشيد شو»، ${g(v.person, 'وتحدث', 'وتحدثت')} عن بداياته${g(v.person, '', 'ا')} في ${v.city.ar} وعن أبرز المحطات في مساره${g(v.person, '', 'ا')} الفني، في حلقة تفاعل معها الجمهور بكثافة.`,
        fr: `${v.person.fr} était l'invité${g(v.person, '', 'e')} du « Rachid Show ». ${g(v.person, 'Il', 'Elle')} est revenu${g(v.person, '', 'e')} sur ses débuts à ${v.city.fr} et sur les grandes étapes de sa carrière, dans un numéro qui a fait réagir le public.`,
      },
      h2: { ar: 'مفاجآت الحلقة', fr: 'Les surprises du numéro' },
      detail: {
        ar: 'وعرفت الحلقة مفاجأة خاصة بحضور أحد أفراد عائلة الضيف، إضافة إلى فقرات فكاهية وأداء مباشر لمقطع من أشهر الأعمال الفنية.',
        fr: "Le numéro a réservé une surprise avec la venue d'un membre de la famille de l'invité, ainsi que des séquences humoristiques et une interprétation en direct d'un des titres les plus connus.",
      },
      quote: {
        ar: 'لم أتخيل يوما أن أصل إلى هذا الجمهور. كل شيء بدأ بحلم صغير في حينا.',
        fr: "Je n'ai jamais imaginé toucher un tel public. Tout a commencé par un petit rêve dans notre quartier.",
      },
      quoteBy: { ar: v.person.ar, fr: v.person.fr },
    }),
  },
  {
    key: 'funun-amazighiya',
    master: 'culture',
    child: 'musique',
    tags: ['festivals', 'monde-rural'],
    cities: ['ouarzazate', 'taroudant', 'tiznit', 'agadir', 'errachidia', 'beni-mellal', 'ifrane', 'khouribga', 'al-hoceima', 'nador'],
    build: (v) => ({
      title: {
        ar: `الفنون الأمازيغية: ${v.city.ar} تحتفي بـ${arCount(v.two, { one: 'فرقة', two: 'فرقتين', few: 'فرق', many: 'فرقة' })} من أحواش وأحيدوس`,
        fr: `Arts amazighs : ${v.city.fr} célèbre ${v.two} troupes d'Ahwach et d'Ahidous`,
      },
      subtitle: {
        ar: 'مهرجان يحتفي بالتراث اللامادي ويشجع الشباب على صون الموروث الأمازيغي.',
        fr: 'Un festival qui célèbre le patrimoine immatériel et encourage les jeunes à préserver l’héritage amazigh.',
      },
      lead: {
        ar: `تعيش مدينة ${v.city.ar} على إيقاع مهرجان للفنون الأمازيغية، بمشاركة ${arCount(v.two, { one: 'فرقة', two: 'فرقتين', few: 'فرق', many: 'فرقة' })} لأحواش وأحيدوس والروايس، قدمت عروضها في الساحات العمومية وسط حضور جماهيري كبير.`,
        fr: `${v.city.fr} vit au rythme d'un festival des arts amazighs : ${v.two} troupes d'Ahwach, d'Ahidous et de raïss se sont produites sur les places publiques devant un public nombreux.`,
      },
      h2: { ar: 'تراث حي', fr: 'Un patrimoine vivant' },
      detail: {
        ar: 'ويتضمن البرنامج ندوات حول الشعر الأمازيغي ومعرضا للحلي والزرابي، إلى جانب ورشات لتعليم حروف تيفيناغ لفائدة الأطفال.',
        fr: 'Le programme comprend des rencontres sur la poésie amazighe, une exposition de bijoux et de tapis, et des ateliers d’initiation au tifinagh pour les enfants.',
      },
      quote: {
        ar: 'أحواش ليس مجرد رقص، إنه ذاكرة القبيلة وطريقة للعيش المشترك.',
        fr: "L'ahwach n'est pas qu'une danse : c'est la mémoire de la tribu et une manière de vivre ensemble.",
      },
      quoteBy: { ar: `${v.man.ar}، رئيس فرقة`, fr: `${v.man.fr}, chef de troupe` },
    }),
  },
];

export const CULTURE_TEXT: TopicText = {
  context: [
    {
      ar: 'ويشهد المشهد الثقافي المغربي دينامية لافتة، بفضل تعدد المهرجانات ودعم الإنتاج الفني وانفتاح الفنانين على المنصات الرقمية.',
      fr: 'La scène culturelle marocaine connaît une dynamique remarquable, portée par la multiplication des festivals, le soutien à la création et l’ouverture des artistes aux plateformes numériques.',
    },
    {
      ar: 'ويعكس هذا الحدث غنى الهوية المغربية بروافدها العربية والأمازيغية والحسانية والأندلسية والإفريقية.',
      fr: "L'événement reflète la richesse de l'identité marocaine, nourrie de ses affluents arabe, amazigh, hassani, andalou et africain.",
    },
    {
      ar: 'ويطالب المهنيون بمزيد من الفضاءات الثقافية في الأحياء والمدن الصغرى، لتقريب الفن من جمهور أوسع.',
      fr: 'Les professionnels plaident pour davantage de lieux culturels dans les quartiers et les petites villes, afin de rapprocher l’art d’un public plus large.',
    },
  ],
  closing: [
    {
      ar: 'ويمكن مشاهدة أبرز اللحظات في البرامج الثقافية لدوزيم وعلى منصتها الرقمية.',
      fr: 'Les temps forts sont à revoir dans les émissions culturelles de 2M et sur sa plateforme numérique.',
    },
    {
      ar: 'وتتواصل الفعاليات طيلة الأيام المقبلة ببرنامج غني ومتنوع.',
      fr: 'Les festivités se poursuivent dans les prochains jours avec un programme riche et varié.',
    },
  ],
  headings: [
    { ar: 'في الكواليس', fr: 'En coulisses' },
    { ar: 'المواعيد المقبلة', fr: 'Prochains rendez-vous' },
  ],
};
