import type { Bi } from './types.ts';

export interface WebVideoTagDef {
  slug: string;
  name: Bi;
  artwork: string;
  videos: { title: Bi; description: Bi }[];
}

/** The channel's own web formats ("by2m"). */
export const WEB_VIDEO_TAGS: readonly WebVideoTagDef[] = [
  {
    slug: 'cuisine',
    name: { ar: 'مطبخ', fr: 'Cuisine' },
    artwork: 'CUISINE',
    videos: [
      { title: { ar: 'طاجين الدجاج بالليمون المرقد والزيتون', fr: 'Tajine de poulet aux citrons confits et olives' }, description: { ar: 'الوصفة خطوة بخطوة مع أسرار التتبيلة.', fr: 'La recette pas à pas, avec les secrets de la marinade.' } },
      { title: { ar: 'الحريرة كما تحضرها الجدات', fr: 'La harira comme la préparent les grands-mères' }, description: { ar: 'مقادير بسيطة ونكهة أصيلة.', fr: 'Des ingrédients simples pour une saveur authentique.' } },
      { title: { ar: 'البسطيلة بالحوت: وصفة العيد', fr: 'La pastilla au poisson, recette de fête' }, description: { ar: 'طبق راق يزين موائد المناسبات.', fr: 'Un plat raffiné pour les grandes occasions.' } },
      { title: { ar: 'المسمن المورق في عشر دقائق', fr: 'Le msemen feuilleté en dix minutes' }, description: { ar: 'تقنية الطي التي تضمن طبقات رقيقة.', fr: 'La technique de pliage pour des couches bien fines.' } },
      { title: { ar: 'سلطة مغربية بالخضر المشوية', fr: 'Salade marocaine de légumes grillés' }, description: { ar: 'فكرة خفيفة وصحية لوجبة العشاء.', fr: 'Une idée légère et saine pour le dîner.' } },
      { title: { ar: 'الرفيسة بالعدس والدجاج البلدي', fr: 'La rfissa aux lentilles et au poulet fermier' }, description: { ar: 'طبق دافئ للأيام الباردة.', fr: 'Un plat réconfortant pour les jours froids.' } },
      { title: { ar: 'حلويات اللوز بدون فرن', fr: 'Douceurs aux amandes sans four' }, description: { ar: 'وصفة سريعة لضيوف الشاي.', fr: 'Une recette express pour accompagner le thé.' } },
      { title: { ar: 'الشاي بالنعناع: فن التحضير', fr: "Le thé à la menthe, tout un art" }, description: { ar: 'من اختيار الشاي إلى طريقة السكب.', fr: "Du choix du thé à l'art de le servir." } },
    ],
  },
  {
    slug: 'decouverte',
    name: { ar: 'اكتشاف', fr: 'Découverte' },
    artwork: 'DECOUVERTE',
    videos: [
      { title: { ar: 'شفشاون: أسرار المدينة الزرقاء', fr: 'Chefchaouen, les secrets de la ville bleue' }, description: { ar: 'جولة في الأزقة مع سكان المدينة.', fr: 'Une balade dans les ruelles avec les habitants.' } },
      { title: { ar: 'واحات درعة في فصل الخريف', fr: "Les oasis du Drâa à l'automne" }, description: { ar: 'موسم جني التمور وحكايات القصور.', fr: 'La récolte des dattes et les histoires des ksour.' } },
      { title: { ar: 'الداخلة: رياضات الريح بين البحر والصحراء', fr: 'Dakhla, les sports de glisse entre mer et désert' }, description: { ar: 'وجهة عالمية لعشاق الكايت سيرف.', fr: 'Une destination mondiale pour les amateurs de kitesurf.' } },
      { title: { ar: 'إفران تحت الثلج', fr: 'Ifrane sous la neige' }, description: { ar: 'غابات الأرز وقرود المكاك في الشتاء.', fr: "Forêts de cèdres et singes magots en hiver." } },
      { title: { ar: 'الصويرة: حكاية الميناء والنوارس', fr: 'Essaouira, le port et les goélands' }, description: { ar: 'صباح مع صيادي السردين.', fr: 'Une matinée avec les pêcheurs de sardines.' } },
      { title: { ar: 'جبال الأطلس الكبير على ظهر بغل', fr: "Le Haut Atlas à dos de mulet" }, description: { ar: 'رحلة إلى دواوير منطقة توبقال.', fr: 'Un voyage vers les douars du Toubkal.' } },
      { title: { ar: 'فاس: حرفيو الدباغة في شوارة', fr: 'Fès, les artisans tanneurs de Chouara' }, description: { ar: 'صناعة الجلد كما كانت منذ قرون.', fr: 'Le travail du cuir comme il y a des siècles.' } },
      { title: { ar: 'مرزوكة: ليلة تحت النجوم', fr: 'Merzouga, une nuit à la belle étoile' }, description: { ar: 'الكثبان الرملية وموسيقى كناوة.', fr: 'Les dunes et la musique gnaoua.' } },
    ],
  },
  {
    slug: 'coulisses',
    name: { ar: 'كواليس', fr: 'Coulisses' },
    artwork: 'COULISSES',
    videos: [
      { title: { ar: 'يوم مع فريق الأخبار المسائية', fr: 'Une journée avec la rédaction du journal du soir' }, description: { ar: 'من اجتماع التحرير إلى البث المباشر.', fr: "De la conférence de rédaction au direct." } },
      { title: { ar: 'كواليس تصوير مسلسل دار البهجة', fr: 'Dans les coulisses du tournage de Dar Lbahja' }, description: { ar: 'الديكور والأزياء ولحظات طريفة.', fr: 'Décors, costumes et moments cocasses.' } },
      { title: { ar: 'كيف يحضر برايم ستارلايت؟', fr: 'Comment se prépare un prime de Starlight ?' }, description: { ar: 'التداريب والإضاءة والإخراج.', fr: 'Répétitions, lumières et réalisation.' } },
      { title: { ar: 'غرفة المراقبة: قلب القناة النابض', fr: 'La régie, le cœur battant de la chaîne' }, description: { ar: 'تقنيون يسهرون على البث دون انقطاع.', fr: "Les techniciens qui veillent sur l'antenne." } },
      { title: { ar: 'النشرة الجوية: من الخريطة إلى الشاشة', fr: 'La météo, de la carte à l’écran' }, description: { ar: 'كيف تحضر التوقعات اليومية.', fr: 'Comment se préparent les prévisions du jour.' } },
      { title: { ar: 'ماكياج البلاطو: أسرار المهنة', fr: 'Maquillage plateau : les secrets du métier' }, description: { ar: 'لقاء مع فريق التجميل.', fr: "Rencontre avec l'équipe maquillage." } },
      { title: { ar: 'رشيد شو: ما لا ترونه على الشاشة', fr: "Rachid Show : ce que vous ne voyez pas à l'écran" }, description: { ar: 'تحضير الضيوف والمفاجآت.', fr: 'La préparation des invités et des surprises.' } },
      { title: { ar: 'أرشيف دوزيم: كنوز من الذاكرة', fr: 'Les archives de 2M, trésors de mémoire' }, description: { ar: 'صور نادرة من تاريخ القناة.', fr: "Des images rares de l'histoire de la chaîne." } },
    ],
  },
  {
    slug: 'sante',
    name: { ar: 'صحة', fr: 'Santé' },
    artwork: 'SANTE',
    videos: [
      { title: { ar: 'خمس عادات لقلب سليم', fr: 'Cinq habitudes pour un cœur en bonne santé' }, description: { ar: 'نصائح طبيب القلب.', fr: "Les conseils d'un cardiologue." } },
      { title: { ar: 'داء السكري: علامات لا يجب تجاهلها', fr: 'Diabète : les signes à ne pas ignorer' }, description: { ar: 'الكشف المبكر ينقذ الأرواح.', fr: 'Le dépistage précoce sauve des vies.' } },
      { title: { ar: 'الإنفلونزا الموسمية: كيف نحمي الأطفال؟', fr: 'Grippe saisonnière : comment protéger les enfants ?' }, description: { ar: 'التلقيح والنظافة والتغذية.', fr: 'Vaccination, hygiène et alimentation.' } },
      { title: { ar: 'آلام الظهر في العمل', fr: 'Le mal de dos au travail' }, description: { ar: 'حركات بسيطة للوقاية.', fr: 'Des gestes simples pour le prévenir.' } },
      { title: { ar: 'النوم عند المراهقين والشاشات', fr: 'Le sommeil des ados face aux écrans' }, description: { ar: 'توصيات المختصين.', fr: 'Les recommandations des spécialistes.' } },
      { title: { ar: 'التغذية خلال الحمل', fr: "L'alimentation pendant la grossesse" }, description: { ar: 'ما يجب تناوله وما يجب تجنبه.', fr: 'Ce qu’il faut manger et éviter.' } },
      { title: { ar: 'الإسعافات الأولية في المنزل', fr: 'Les premiers secours à la maison' }, description: { ar: 'ردود فعل قد تنقذ حياة.', fr: 'Des réflexes qui peuvent sauver une vie.' } },
      { title: { ar: 'صحة الفم والأسنان عند الأطفال', fr: 'La santé bucco-dentaire des enfants' }, description: { ar: 'متى نزور طبيب الأسنان؟', fr: 'Quand consulter le dentiste ?' } },
    ],
  },
  {
    slug: 'musique',
    name: { ar: 'موسيقى', fr: 'Musique' },
    artwork: 'MUSIQUE',
    videos: [
      { title: { ar: 'جلسة كناوة في ساحة مولاي الحسن', fr: 'Session gnaoua sur la place Moulay Hassan' }, description: { ar: 'أداء حي بالصويرة.', fr: 'Une performance live à Essaouira.' } },
      { title: { ar: 'الملحون: لقاء مع شيخ من مكناس', fr: 'Le malhoun, rencontre avec un maître de Meknès' }, description: { ar: 'حكاية فن شعري عريق.', fr: "L'histoire d'un art poétique ancestral." } },
      { title: { ar: 'العيطة: أصوات من عبدة ودكالة', fr: "L'aïta, voix des Abda et des Doukkala" }, description: { ar: 'رحلة في ذاكرة الغناء البدوي.', fr: 'Un voyage dans la mémoire du chant bédouin.' } },
      { title: { ar: 'الراب المغربي: جيل جديد', fr: 'Rap marocain : la nouvelle génération' }, description: { ar: 'فنانون شباب يتحدثون عن تجاربهم.', fr: 'De jeunes artistes racontent leur parcours.' } },
      { title: { ar: 'أحيدوس: إيقاع الأطلس المتوسط', fr: "L'ahidous, rythme du Moyen Atlas" }, description: { ar: 'رقصة جماعية وشعر مرتجل.', fr: 'Danse collective et poésie improvisée.' } },
      { title: { ar: 'صناعة العود في تطوان', fr: "La fabrication du oud à Tétouan" }, description: { ar: 'حرفي يكشف أسرار الآلة.', fr: "Un luthier dévoile les secrets de l'instrument." } },
      { title: { ar: 'جوق شبابي للموسيقى الأندلسية', fr: 'Un orchestre de jeunes pour la musique andalouse' }, description: { ar: 'الخلف يحمل المشعل.', fr: 'La relève prend le flambeau.' } },
      { title: { ar: 'الروايس: الشعر الغنائي السوسي', fr: 'Les raïss, la poésie chantée du Souss' }, description: { ar: 'الرباب والناقوس والكلمة.', fr: 'Le rribab, le naqous et la parole.' } },
    ],
  },
];
